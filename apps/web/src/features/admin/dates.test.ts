import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every date of the back office goes through the one Singapore formatter of `packages/shared/src/common/singapore-time.ts`
 * (docs/rules/back-office.md): no admin screen formats a date or time itself, so none can show another
 * format ("10/12/2026") or another time zone. The browser test `e2e/admin-layout.e2e.ts` checks what
 * the screens show.
 */
const ROOT = path.dirname(fileURLToPath(import.meta.url));
const DATE_FORMATTING = [
  /toLocaleDateString\(/,
  /toLocaleTimeString\(/,
  /toLocaleString\([^)]*(dateStyle|timeStyle|timeZone|hour|month)/,
  /Intl\.DateTimeFormat/,
  /\btimeZone\b/,
  /getTimezoneOffset/,
  /toISOString\(\)\s*\.\s*slice/,
  /\.(day|at|createdAt|date)\.slice\(/,
  /\b(getDate|getMonth|getFullYear|getHours|getMinutes)\(/,
];

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('back office dates', () => {
  it('no admin screen formats a date itself: they all use the shared Singapore formatter', () => {
    const files = sourceFiles(ROOT);
    expect(files.length).toBeGreaterThan(30);
    const offences = files.flatMap((file) =>
      fs
        .readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, index) =>
          DATE_FORMATTING.some((pattern) => pattern.test(line))
            ? [`${path.relative(ROOT, file)}:${index + 1}: ${line.trim()}`]
            : [],
        ),
    );
    expect(offences).toEqual([]);
  });

  it('the screens that show dates import the formatter', () => {
    const screens = sourceFiles(ROOT).filter((file) =>
      /(createdAt|collectionDate|shipByDate|\.at\b|startsAt|validFrom|expiresAt)/.test(fs.readFileSync(file, 'utf8')),
    );
    const withoutFormatter = screens
      .filter((file) => file.endsWith('.tsx'))
      .filter((file) => !/\b(formatSg\w+|toSgInputValue|fromSgInputValue)\b/.test(fs.readFileSync(file, 'utf8')))
      .map((file) => path.relative(ROOT, file));
    expect(withoutFormatter).toEqual([]);
  });
});
