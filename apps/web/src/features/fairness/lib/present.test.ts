import { describe, expect, it } from 'vitest';
import type { FairnessLogEntry, FairnessRound } from '@kujiya/shared';
import { formatSgLogTime } from '@kujiya/shared';
import { describeEntry, drawCountsText, newestFirst, roundStatusLabel } from './present';

const entry = (domain: FairnessLogEntry['domain'], nonce: number): FairnessLogEntry => ({
  domain,
  nonce,
  clientSeed: domain === 'ticket' ? 's' : null,
  ticketIndex: nonce + 10,
  letter: 'A',
  buyer: 'a***b',
  at: '2026-11-21T04:05:09.000Z',
  hash: null,
});

describe('fairness page presentation', () => {
  it('names statuses and entries', () => {
    expect(roundStatusLabel('sold_out')).toBe('Sold out');
    expect(roundStatusLabel('closed')).toBe('Closed (reloaded)');
    expect(describeEntry(entry('ticket', 3))).toBe('Ticket #13 · nonce 3');
    expect(describeEntry(entry('lottery', 0))).toBe('Lottery pick 0 → ticket #10');
  });

  it('shows log times in Singapore time', () => {
    expect(formatSgLogTime('2026-11-21T04:05:09.000Z')).toMatch(/21 Nov.*12:05:09/);
  });

  it('orders the log newest first with sell-out picks on top', () => {
    const log = [entry('ticket', 0), entry('ticket', 1), entry('lottery', 0), entry('lottery', 1), entry('double', 0)];
    expect(newestFirst(log).map((e) => `${e.domain}${e.nonce}`)).toEqual([
      'double0',
      'lottery1',
      'lottery0',
      'ticket1',
      'ticket0',
    ]);
  });

  it('counts the draws in words', () => {
    const round = { log: [entry('ticket', 0), entry('ticket', 1), entry('lottery', 0)] } as FairnessRound;
    expect(drawCountsText(round)).toBe('2 ticket draws and 1 lottery pick');
    expect(drawCountsText({ log: [entry('ticket', 0)] } as FairnessRound)).toBe('1 ticket draw');
  });
});
