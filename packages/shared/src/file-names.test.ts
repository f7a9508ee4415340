import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * File names follow one pattern each (docs/architecture.md, "Conventions"): a server module's test
 * helpers are its `test-helpers.ts`; a web API file is one endpoint, named in camelCase by what it
 * does (`getInventory.ts`, `abandonItems.ts`).
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const list = (dir: string) =>
  fs.existsSync(path.join(root, dir)) ? fs.readdirSync(path.join(root, dir), { withFileTypes: true }) : [];

describe('file names', () => {
  it("a server module's test helpers are its test-helpers.ts", () => {
    const modules = list('apps/server/src/modules').filter((entry) => entry.isDirectory());
    expect(modules.length).toBeGreaterThan(10);
    const odd = modules.flatMap(({ name }) =>
      list(`apps/server/src/modules/${name}`)
        .filter(
          (entry) =>
            (entry.isDirectory() && entry.name === 'test') ||
            /^(testing|test-utils|fixtures|helpers)\.ts$/.test(entry.name),
        )
        .map((entry) => `apps/server/src/modules/${name}/${entry.name}`),
    );
    expect(odd).toEqual([]);
  });

  it('a web API file is one endpoint named in camelCase, verb first', () => {
    const folders = [
      ...list('apps/web/src/features')
        .filter((entry) => entry.isDirectory())
        .map(({ name }) => `apps/web/src/features/${name}/api`),
      'apps/web/src/lib/api',
    ];
    const files = folders.flatMap((folder) => list(folder).map((entry) => `${folder}/${entry.name}`));
    expect(files.length).toBeGreaterThan(50);
    expect(
      files.filter((file) => !/\/[a-z]+[A-Z][A-Za-z]*\.ts$/.test(file) && !/\/(login|logout)\.ts$/.test(file)),
    ).toEqual([]);
  });
});
