import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const webSrc = path.join(import.meta.dirname, '..');
const featuresDir = path.join(webSrc, 'features');

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
    expect(features.map((entry) => entry.name)).toEqual(
      expect.arrayContaining(['purchase', 'inventory', 'trading', 'admin']),
    );
  });

  it.each(features.map((entry) => entry.name))('%s has at least one test file of its own', (feature) => {
    expect(testFilesUnder(path.join(featuresDir, feature))).not.toEqual([]);
  });
});

// A component test (`*.test.tsx`) runs in the DOM only when it asks for it (test/setup.ts).
describe('web component tests', () => {
  const componentTests = testFilesUnder(webSrc).filter((file) => file.endsWith('.tsx'));

  it.each(componentTests.map((file) => path.relative(webSrc, file)))(
    '%s asks for the jsdom environment on its first line',
    (file) => {
      expect(fs.readFileSync(path.join(webSrc, file), 'utf8').split('\n')[0]).toBe('// @vitest-environment jsdom');
    },
  );
});
