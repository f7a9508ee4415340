import type { FairnessCheck, FairnessVerdict } from '@kujiya/shared';

/** One step of the page's verdict: what was checked and how it came out. */
export interface VerificationStep {
  id: 'rules' | 'chain' | 'structure' | 'commitment' | 'draws';
  label: string;
  state: 'ok' | 'bad' | 'pending';
  detail: string;
}

const STRUCTURE_IDS = new Set(['format', 'box', 'ticket-log', 'lottery-log', 'double-log']);

/**
 * Groups a verdict's checks into the steps a buyer reads: committed rules, chained log, box and log
 * structure, seed against commitment, and the replay of every draw (the last two wait for the seed).
 */
export function verificationSteps(verdict: FairnessVerdict): VerificationStep[] {
  const byId = new Map(verdict.checks.map((check) => [check.id, check]));
  const single = (id: 'rules' | 'chain', label: string): VerificationStep => {
    const check = byId.get(id);
    return check
      ? { id, label, state: check.ok ? 'ok' : 'bad', detail: check.detail }
      : { id, label, state: 'bad', detail: 'Not published for this round.' };
  };
  const structure = verdict.checks.filter((check) => STRUCTURE_IDS.has(check.id));
  const draws = verdict.checks.filter((check) => check.entry && check.id !== 'chain');
  const commitment = byId.get('commitment');
  const firstBad = (checks: FairnessCheck[]) => checks.find((check) => !check.ok);
  const badStructure = firstBad(structure);
  const badDraw = firstBad(draws);
  return [
    single('rules', 'Rules hash'),
    single('chain', 'Chained log'),
    {
      id: 'structure',
      label: 'Box and log structure',
      state: badStructure ? 'bad' : 'ok',
      detail: badStructure ? badStructure.detail : structure.map((check) => check.detail).join(' '),
    },
    commitment
      ? {
          id: 'commitment',
          label: 'Seed matches the commitment',
          state: commitment.ok ? 'ok' : 'bad',
          detail: commitment.detail,
        }
      : {
          id: 'commitment',
          label: 'Seed matches the commitment',
          state: 'pending',
          detail: 'The server seed is revealed when the round sells out or is reloaded.',
        },
    !verdict.revealed
      ? { id: 'draws', label: 'Every draw replayed', state: 'pending', detail: 'Waiting for the server seed.' }
      : badDraw
        ? { id: 'draws', label: 'Every draw replayed', state: 'bad', detail: `${badDraw.label}: ${badDraw.detail}` }
        : {
            id: 'draws',
            label: 'Every draw replayed',
            state: 'ok',
            detail: `${draws.length} of ${draws.length} draws match the seed and the client seeds.`,
          },
  ];
}
