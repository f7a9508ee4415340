import type { FairnessCheck, FairnessLogEntry, FairnessRound, FairnessVerdict } from '@kujiya/shared';

/** Words for a round's status on the fairness page. */
export function roundStatusLabel(status: string): string {
  if (status === 'open') return 'Open';
  if (status === 'sold_out') return 'Sold out';
  if (status === 'closed') return 'Closed (reloaded)';
  return status;
}

export const entryKey = (entry: { domain: string; nonce: number }) => `${entry.domain}-${entry.nonce}`;

/** What a log entry records, in words. */
export function describeEntry(entry: FairnessLogEntry): string {
  if (entry.domain === 'ticket') return `Ticket #${entry.ticketIndex} · nonce ${entry.nonce}`;
  if (entry.domain === 'lottery') return `Lottery pick ${entry.nonce} → ticket #${entry.ticketIndex}`;
  return `Double chance pick ${entry.nonce} → ticket #${entry.ticketIndex}`;
}

/** Newest first: sell-out picks after the tickets, each in reverse order. */
export function newestFirst(log: readonly FairnessLogEntry[]): FairnessLogEntry[] {
  const rank = { ticket: 0, lottery: 1, double: 2 } as const;
  return [...log].sort((a, b) => rank[b.domain] - rank[a.domain] || b.nonce - a.nonce);
}

/** The per-entry checks of a verdict by entry key. */
export function checksByEntry(verdict: FairnessVerdict): Map<string, FairnessCheck> {
  const map = new Map<string, FairnessCheck>();
  for (const check of verdict.checks) if (check.entry) map.set(entryKey(check.entry), check);
  return map;
}

/** "8 ticket draws, 8 lottery picks and 2 double chance picks" for the verdict summary. */
export function drawCountsText(round: FairnessRound): string {
  const count = (domain: FairnessLogEntry['domain']) => round.log.filter((e) => e.domain === domain).length;
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  const parts = [plural(count('ticket'), 'ticket draw')];
  if (count('lottery') > 0) parts.push(plural(count('lottery'), 'lottery pick'));
  if (count('double') > 0) parts.push(plural(count('double'), 'double chance pick'));
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`;
}
