import { canonicalBox, commitmentOf } from './draw.ts';
import { drawDoubleChance, drawLottery, prizeUnits, replayTicketDraws, type PrizePick } from './engine.ts';
import { checkChain, checkRules } from './chain-verdict.ts';
import { fairnessRoundSchema, type FairnessDomain, type FairnessLogEntry, type FairnessRound } from './schemas.ts';

/** One check of a round's public data. `entry` names the log entry a per-draw check is about. */
export interface FairnessCheck {
  id: string;
  label: string;
  ok: boolean;
  detail: string;
  entry?: { domain: FairnessDomain; nonce: number };
}

/**
 * The result of checking a round. `revealed` is false while the seed is secret: then only the
 * structure can be checked and `ok` stays false without a mismatch. `ok` means every check passed.
 */
export interface FairnessVerdict {
  revealed: boolean;
  ok: boolean;
  checks: FairnessCheck[];
  firstMismatch?: FairnessCheck;
}

const entryName = (domain: FairnessDomain, nonce: number) =>
  domain === 'ticket'
    ? `Ticket draw, nonce ${nonce}`
    : domain === 'lottery'
      ? `Lottery pick ${nonce}`
      : `Double chance pick ${nonce}`;

/** Nonces of one domain must be 0, 1, 2 ... each once. Returns the entries in nonce order, or a problem. */
function inNonceOrder(entries: FairnessLogEntry[]): { ordered: FairnessLogEntry[]; problem?: string } {
  const ordered = [...entries].sort((a, b) => a.nonce - b.nonce);
  const gap = ordered.findIndex((entry, i) => entry.nonce !== i);
  if (gap >= 0) return { ordered, problem: `expected nonce ${gap}, found ${ordered[gap]!.nonce}` };
  return { ordered };
}

function checkTicketStructure(round: FairnessRound, tickets: FairnessLogEntry[]): FairnessCheck {
  const base = { id: 'ticket-log', label: 'Ticket log is complete and consistent' };
  const { problem } = inNonceOrder(tickets);
  if (problem)
    return { ...base, ok: false, detail: `Ticket nonces must be 0, 1, 2 ... with no gap or repeat: ${problem}.` };
  if (tickets.length > round.box.length) {
    return { ...base, ok: false, detail: `${tickets.length} tickets drawn from a box of ${round.box.length}.` };
  }
  const seen = new Set<number>();
  for (const entry of tickets) {
    const at = entryName('ticket', entry.nonce);
    if (entry.clientSeed === null) return { ...base, ok: false, detail: `${at} has no client seed.` };
    if (entry.ticketIndex >= round.box.length)
      return { ...base, ok: false, detail: `${at}: ticket ${entry.ticketIndex} is not in the box.` };
    if (seen.has(entry.ticketIndex))
      return { ...base, ok: false, detail: `${at}: ticket ${entry.ticketIndex} was already taken.` };
    if (round.box[entry.ticketIndex] !== entry.letter) {
      return {
        ...base,
        ok: false,
        detail: `${at}: ticket ${entry.ticketIndex} is ${round.box[entry.ticketIndex]}, the log says ${entry.letter}.`,
      };
    }
    seen.add(entry.ticketIndex);
  }
  return {
    ...base,
    ok: true,
    detail: `${tickets.length} of ${round.box.length} tickets drawn, each once, letters as in the box.`,
  };
}

/** Compares logged sell-out picks with a replay; one check per pick. */
function checkPicks(
  domain: 'lottery' | 'double',
  logged: FairnessLogEntry[],
  replay: (count: number) => PrizePick[],
  unitCount: number,
): FairnessCheck[] {
  const label = domain === 'lottery' ? 'Lottery picks' : 'Double chance picks';
  const { ordered, problem } = inNonceOrder(logged);
  if (problem)
    return [{ id: `${domain}-log`, label, ok: false, detail: `Pick numbers must be 0, 1, 2 ...: ${problem}.` }];
  if (ordered.length > unitCount) {
    return [
      { id: `${domain}-log`, label, ok: false, detail: `${ordered.length} picks logged for ${unitCount} prize units.` },
    ];
  }
  let expected: PrizePick[];
  try {
    expected = replay(ordered.length);
  } catch (error) {
    return [{ id: `${domain}-log`, label, ok: false, detail: (error as Error).message }];
  }
  return ordered.map((entry, i) => {
    const want = expected[i]!;
    const ok = entry.ticketIndex === want.ticketIndex && entry.letter === want.unit;
    const name = entryName(domain, entry.nonce);
    return {
      id: `${domain}-${entry.nonce}`,
      label: name,
      ok,
      detail: ok
        ? `${want.unit} to ticket ${want.ticketIndex}.`
        : `Expected ${want.unit} to ticket ${want.ticketIndex}, the log says ${entry.letter} to ticket ${entry.ticketIndex}.`,
      entry: { domain, nonce: entry.nonce },
    };
  });
}

/** The single check of data that does not parse as the published round format. */
function formatFailure(issue: { path: PropertyKey[]; message: string }): FairnessVerdict {
  const check: FairnessCheck = {
    id: 'format',
    label: 'Public data has the published format',
    ok: false,
    detail: `${issue.path.join('.') || 'data'}: ${issue.message}`,
  };
  return { revealed: false, ok: false, checks: [check], firstMismatch: check };
}

/** The box must list the prize quantities in letter order (`expectedBox`). */
function checkBox(round: FairnessRound, expectedBox: readonly string[]): FairnessCheck {
  const boxOk = expectedBox.length === round.box.length && expectedBox.every((letter, i) => round.box[i] === letter);
  return {
    id: 'box',
    label: 'Box matches the prize quantities',
    ok: boxOk,
    detail: boxOk
      ? `${round.box.length} tickets: ${round.prizes.map((p) => `${p.quantity} × ${p.letter}`).join(', ')}, in letter order.`
      : `The box does not list ${round.prizes.map((p) => `${p.quantity} × ${p.letter}`).join(', ')} in letter order.`,
  };
}

function checkCommitment(round: FairnessRound, seed: string): FairnessCheck {
  const commitmentOk = commitmentOf(seed) === round.commitment;
  return {
    id: 'commitment',
    label: 'Revealed seed matches the commitment',
    ok: commitmentOk,
    detail: commitmentOk
      ? 'SHA-256 of the server seed equals the commitment published at the start.'
      : 'SHA-256 of the server seed is not the commitment.',
  };
}

/** Replays every ticket draw with the revealed seed; one check per logged draw, in nonce order. */
function checkTicketDraws(round: FairnessRound, seed: string, ordered: FairnessLogEntry[]): FairnessCheck[] {
  const replayed = replayTicketDraws(
    seed,
    round.box,
    ordered.map((entry) => ({ nonce: entry.nonce, clientSeed: entry.clientSeed ?? '' })),
  );
  return ordered.map((entry, i) => {
    const want = replayed[i]!;
    const ok = entry.ticketIndex === want.ticketIndex && entry.letter === want.letter;
    return {
      id: `ticket-${entry.nonce}`,
      label: entryName('ticket', entry.nonce),
      ok,
      detail: ok
        ? `Ticket ${want.ticketIndex} (${want.letter}).`
        : `Expected ticket ${want.ticketIndex} (${want.letter}), the log says ticket ${entry.ticketIndex} (${entry.letter}).`,
      entry: { domain: 'ticket', nonce: entry.nonce },
    };
  });
}

/**
 * The draws checked once the seed is revealed and the ticket log is sound: every ticket draw, then
 * the lottery and double-chance picks at sell-out.
 */
function checkRevealedDraws(
  round: FairnessRound,
  seed: string,
  expectedBox: string[],
  log: { tickets: FairnessLogEntry[]; lottery: FairnessLogEntry[]; double: FairnessLogEntry[] },
): FairnessCheck[] {
  const ordered = [...log.tickets].sort((a, b) => a.nonce - b.nonce);
  const checks = checkTicketDraws(round, seed, ordered);
  // Sell-out picks draw among the sold tickets in nonce order.
  const entries = ordered.map((entry) => entry.ticketIndex);
  if (round.lottery || log.lottery.length > 0) {
    checks.push(
      ...checkPicks(
        'lottery',
        log.lottery,
        (count) => drawLottery(seed, entries, expectedBox.slice(0, count)),
        expectedBox.length,
      ),
    );
  }
  const doubleUnits = prizeUnits(round.doubleChancePrizes);
  if (log.double.length > 0 || doubleUnits.length > 0) {
    checks.push(
      ...checkPicks(
        'double',
        log.double,
        (count) => drawDoubleChance(seed, entries, doubleUnits.slice(0, count)),
        doubleUnits.length,
      ),
    );
  }
  return checks;
}

/**
 * Checks a round's public fairness JSON (GET /api/fairness/{setId}) against the rules of docs/rules/fairness.md and promotions.md:
 * the box against the prize quantities, the log's structure and, once `serverSeed` is revealed, the
 * commitment and every ticket, lottery and double-chance draw; then the committed rules and the
 * chained log (docs/rules/fairness.md).
 */
export function buildPublicFairnessVerdict(publicJson: unknown): FairnessVerdict {
  const parsed = fairnessRoundSchema.safeParse(publicJson);
  if (!parsed.success) return formatFailure(parsed.error.issues[0]!);
  const round = parsed.data;
  const expectedBox = canonicalBox(round.prizes);
  const tickets = round.log.filter((entry) => entry.domain === 'ticket');
  const lottery = round.log.filter((entry) => entry.domain === 'lottery');
  const double = round.log.filter((entry) => entry.domain === 'double');
  const structure = checkTicketStructure(round, tickets);
  const checks: FairnessCheck[] = [checkBox(round, expectedBox), structure];
  if (lottery.length > 0 && !round.lottery) {
    checks.push({
      id: 'lottery-log',
      label: 'Lottery picks',
      ok: false,
      detail: 'Lottery picks are logged for a set without a lottery.',
    });
  }

  const revealed = round.serverSeed !== null;
  if (round.serverSeed !== null) {
    checks.push(checkCommitment(round, round.serverSeed));
    if (structure.ok)
      checks.push(...checkRevealedDraws(round, round.serverSeed, expectedBox, { tickets, lottery, double }));
  }
  // The committed rules and the chained log can be checked at any time, seed revealed or not.
  checks.push(checkRules(round), checkChain(round).check);
  const firstMismatch = checks.find((check) => !check.ok);
  return { revealed, ok: revealed && !firstMismatch, checks, ...(firstMismatch ? { firstMismatch } : {}) };
}
