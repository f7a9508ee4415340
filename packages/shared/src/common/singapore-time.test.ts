import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  formatSgDate,
  formatSgDateTime,
  formatSgDay,
  formatSgDayShort,
  fromSgInputValue,
  toSgInputValue,
} from './singapore-time.ts';

describe('Singapore dates', () => {
  // 16:30 UTC on 9 Dec is 00:30 on 10 Dec in Singapore.
  const instant = '2026-12-09T16:30:00.000Z';

  it('shows every instant as its Singapore day and time, in one format', () => {
    expect(formatSgDate(instant)).toBe('10 Dec 2026');
    expect(formatSgDateTime(instant)).toBe('10 Dec 2026, 12:30 am');
    expect(formatSgDateTime('2026-12-10T07:05:00Z')).toBe('10 Dec 2026, 3:05 pm');
  });

  it('shows a Singapore calendar day as that day', () => {
    expect(formatSgDay('2026-12-10')).toBe('10 Dec 2026');
    expect(formatSgDayShort('2026-01-02')).toBe('2 Jan');
  });

  it('edits instants as Singapore wall time in datetime-local inputs, and back', () => {
    expect(toSgInputValue(instant)).toBe('2026-12-10T00:30');
    expect(fromSgInputValue('2026-12-10T00:30')).toBe(instant);
    expect(fromSgInputValue(toSgInputValue('2026-06-01T04:15:00.000Z'))).toBe('2026-06-01T04:15:00.000Z');
  });
});

describe('one date formatter', () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
  const sources = (dir: string): string[] =>
    fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'dist' ? [] : sources(rel);
      return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [rel] : [];
    });

  it('no source but this module formats a date itself (docs/architecture.md, "Conventions")', () => {
    const files = [...sources('apps/web/src'), ...sources('apps/server/src'), ...sources('packages/shared/src')];
    expect(files.length).toBeGreaterThan(300);
    const offences = files.filter(
      (file) =>
        !file.endsWith('common/singapore-time.ts') &&
        /Intl\.DateTimeFormat|toLocale(Date|Time)String\(/.test(fs.readFileSync(path.join(root, file), 'utf8')),
    );
    expect(offences).toEqual([]);
  });
});
