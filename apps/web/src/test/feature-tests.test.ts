import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const featuresDir = path.join(import.meta.dirname, '../features');

/** The test files (`*.test.ts`, `*.test.tsx`) anywhere under `dir`. */
function testFilesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFilesUnder(full);
    return /\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

// Every web feature carries tests of its own (docs/architecture.md, "Tests"): a new feature folder
// without one fails here.
describe('web feature tests', () => {
  const features = fs.readdirSync(featuresDir, { withFileTypes: true }).filter((entry) => entry.isDirectory());

  it('finds the feature folders', () => {
    expect(features.map((entry) => entry.name)).toEqual(expect.arrayContaining(['purchase', 'inventory', 'trading', 'admin']));
  });

  it.each(features.map((entry) => entry.name))('%s has at least one test file of its own', (feature) => {
    expect(testFilesUnder(path.join(featuresDir, feature))).not.toEqual([]);
  });
});
