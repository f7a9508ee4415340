import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Comments cite the repository's own rule pages (docs/rules/<page>.md), never documents that are not
 * in the repository (a spec section number, the rules file's section, "the spec's text"): a newcomer must be able to follow
 * every reference.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const scanned = ['apps', 'packages', 'scripts', 'e2e'];
const skipped = new Set(['node_modules', 'dist', 'build', 'coverage', 'screenshots', '.vite']);
const sourceFile = /\.(ts|tsx|js|mjs|cjs|css|html|sql)$/;
const outsideCitationPatterns = [/\bspec\s*0\d\d\b/i, /\bthe spec('s)?\b/i, /\bRULES\b/, /§/];
const outsideCitation = { test: (line: string) => outsideCitationPatterns.some((pattern) => pattern.test(line)) };
/** This file names the forbidden forms on purpose. */
const self = path.relative(root, fileURLToPath(import.meta.url));

function* sourceFiles(dir: string): Generator<string> {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (skipped.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (sourceFile.test(entry.name)) yield full;
  }
}

/** The comment text of a source file: `// …` to the end of a line and `/* … *\/` blocks (JSX ones too). */
function comments(text: string): { line: number; text: string }[] {
  const found: { line: number; text: string }[] = [];
  for (const match of text.matchAll(/\/\*[\s\S]*?\*\/|(?<![:"'`\\])\/\/[^\n]*|<!--[\s\S]*?-->|^\s*--[^\n]*/gm)) {
    found.push({ line: text.slice(0, match.index).split('\n').length, text: match[0] });
  }
  return found;
}

describe('code comments', () => {
  it('cite docs/rules pages, not documents outside the repository', () => {
    const offenders: string[] = [];
    for (const top of scanned) {
      for (const file of sourceFiles(path.join(root, top))) {
        const relative = path.relative(root, file);
        if (relative === self) continue;
        for (const comment of comments(fs.readFileSync(file, 'utf8'))) {
          const hit = comment.text.split('\n').find((line) => outsideCitation.test(line));
          if (hit) offenders.push(`${relative}:${comment.line}: ${hit.trim().slice(0, 120)}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });

  it('would catch a citation of an outside document', () => {
    // Built from pieces so that this file itself holds no citation a plain text search would flag.
    const rulesCitation = ['RULES', '§3'].join(' ');
    const specCitation = ['spec', '000', '§7'].join(' ');
    expect(comments(`const a = 1; // the rule of ${rulesCitation}`).some((c) => outsideCitation.test(c.text))).toBe(
      true,
    );
    expect(comments(`/** see ${specCitation} */`).some((c) => outsideCitation.test(c.text))).toBe(true);
    expect(
      comments("const url = 'https://x.example/a'; // docs/rules/buying.md").some((c) => outsideCitation.test(c.text)),
    ).toBe(false);
  });
});
