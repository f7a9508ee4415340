import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Every repository path a doc names must exist, so that a newcomer can follow it (docs/architecture.md,
 * "Docs"). The rule, kept simple:
 * - scanned: `README.md` and every `docs/**\/*.md`;
 * - a path is a backticked word (no spaces) that starts with one of the top folders below, or `src/`;
 *   one with a placeholder (`<domain>`, `{id}`, `*`, `…`) is a pattern, not a path, and is skipped;
 *   a trailing `:line` or `#anchor` is dropped;
 * - `src/…` is the source folder of a workspace: it must exist under `apps/server`, `apps/web` or
 *   `packages/shared`;
 * - a relative Markdown link `[text](page.md)` must exist beside the page that holds it.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const topFolders = ['apps', 'packages', 'docs', 'e2e', 'bench', 'scripts'];
const workspaces = ['apps/server', 'apps/web', 'packages/shared'];
const placeholder = /[<>{}*…]/;

function namedPaths(markdown: string): { backticked: string[]; links: string[] } {
  const backticked: string[] = [];
  for (const match of markdown.matchAll(/`([^`\s]+)`/g)) {
    const word = match[1].replace(/[:#].*$/, '').replace(/[.,;)]+$/, '');
    if (placeholder.test(word)) continue;
    const top = word.split('/')[0];
    if (word.includes('/') && (topFolders.includes(top) || top === 'src')) backticked.push(word);
  }
  const links: string[] = [];
  for (const match of markdown.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = match[1].replace(/#.*$/, '');
    if (!target || /^[a-z]+:/i.test(target) || target.startsWith('/')) continue;
    links.push(target);
  }
  return { backticked, links };
}

function pathExists(repoRoot: string, named: string): boolean {
  if (named.startsWith('src/')) return workspaces.some((ws) => fs.existsSync(path.join(repoRoot, ws, named)));
  return fs.existsSync(path.join(repoRoot, named));
}

function docFiles(): string[] {
  const found = [path.join(root, 'README.md')];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.md')) found.push(full);
    }
  };
  walk(path.join(root, 'docs'));
  return found;
}

describe('docs', () => {
  it('name only repository paths that exist', () => {
    const missing: string[] = [];
    for (const file of docFiles()) {
      const relative = path.relative(root, file);
      const { backticked, links } = namedPaths(fs.readFileSync(file, 'utf8'));
      for (const named of backticked) if (!pathExists(root, named)) missing.push(`${relative}: \`${named}\``);
      for (const link of links) {
        if (!fs.existsSync(path.resolve(path.dirname(file), link))) missing.push(`${relative}: link ${link}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('would catch a path that does not exist', () => {
    const { backticked, links } = namedPaths(
      'See `apps/server/src/modules/nowhere/service.ts`, `src/core/clock.ts:12`, `docs/rules/<page>.md`, ' +
        '`npm test`, [rules](rules/missing.md) and [site](https://example.com).',
    );
    expect(backticked).toEqual(['apps/server/src/modules/nowhere/service.ts', 'src/core/clock.ts']);
    expect(links).toEqual(['rules/missing.md']);
    expect(pathExists(root, backticked[0])).toBe(false);
    expect(pathExists(root, backticked[1])).toBe(true);
    expect(pathExists(root, 'src/features/nowhere')).toBe(false);
  });
});
