// `npm test`: lint, type check, unused code (knip), build the web app, then every test (unit, API on PGlite and, when
// TEST_DATABASE_URL is set, on PostgreSQL; then the browser tests). Ends with one summary line.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

/** Runs one check to its end, its output kept and printed once it is done (two run at once). */
const check = (label, cmd, args) =>
  new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(cmd, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (status) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(0);
      console.log(`\n${status === 0 ? '▶' : '✖'} ${label} (${seconds} s)${status === 0 ? '' : ' failed'}`);
      if (output.trim()) process.stdout.write(output.endsWith('\n') ? output : `${output}\n`);
      resolve(status === 0);
    });
  });
/** Runs the checks of a lane one after the other; stops the lane at its first failure. */
const lane = async (checks) => {
  for (const [label, cmd, args] of checks) if (!(await check(label, cmd, args))) return false;
  return true;
};

// Every workspace's type check, as listed once in package.json's `typecheck` (`tsc -p … && tsc -p …`).
const typeChecks = JSON.parse(fs.readFileSync('package.json', 'utf8'))
  .scripts.typecheck.split('&&')
  .map((command) => command.trim().split(/\s+/))
  .map(([tool, ...args]) => [`type check (${args.at(-1)})`, 'npx', [tool, ...args]]);
const half = Math.ceil(typeChecks.length / 2);
// Each of these tools uses one core, so two lanes at once take about half the time on CI's two cores.
const lanes = await Promise.all([
  lane([['lint', 'npx', ['eslint', '.', '--max-warnings=0']], ...typeChecks.slice(0, half)]),
  lane([
    // One format for every source file (.prettierrc.json); `npm run format` writes it.
    ['format', 'npx', ['prettier', '--check', '.', '--log-level=warn']],
    ...typeChecks.slice(half),
    // Dead code: unused files, exports and dependencies of every workspace (knip.json) must stay at zero.
    ['unused code (knip)', 'npx', ['knip', '--no-progress']],
    ['build web', 'npm', ['run', 'build', '-w', '@kujiya/web', '--silent']],
  ]),
]);
if (lanes.includes(false)) process.exit(1);

if (!process.env.TEST_DATABASE_URL || !process.env.TEST_REDIS_URL) {
  console.log(
    'Skipping the tests that need PostgreSQL, Redis, haproxy and Prometheus (second server process, cluster): TEST_DATABASE_URL and TEST_REDIS_URL are not both set.',
  );
}
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kujiya-test-'));
const suites = [
  [
    'unit and API tests',
    [
      '--project',
      'shared',
      '--project',
      'bench',
      '--project',
      'web',
      '--project',
      'server',
      '--project',
      'server-postgres',
    ],
  ],
  // haproxy in front of several server processes, and Prometheus scraping them (docs/operations.md).
  ['cluster tests', ['--project', 'cluster']],
  ['browser tests', ['--project', 'e2e']],
];
let passed = 0;
let failed = 0;
let skipped = 0;
let exitCode = 0;
// The names of failed tests and the start of each failure's message, repeated after the summary so that a log's
// tail (often all a CI record keeps) says which tests failed and why.
const failures = [];
// The message itself and the stack frames in the project's own files (not node_modules), up to a few lines.
const MESSAGE_LINES = 12;
const firstLines = (message) =>
  stripVTControlCharacters(message)
    .split('\n')
    .filter(
      (line) => line.trim() !== '' && !(/^\s+at /.test(line) && /node_modules|node:internal|<anonymous>/.test(line)),
    )
    .slice(0, MESSAGE_LINES)
    .map((line) => `    ${line}`)
    .join('\n');
const failuresIn = (json) =>
  json.testResults.flatMap((file) => {
    const where = path.relative(process.cwd(), file.name);
    const tests = file.assertionResults.filter((test) => test.status === 'failed');
    if (tests.length === 0 && file.status === 'failed') return [`${where}: ${file.message || 'the file failed'}`];
    return tests.map((test) => {
      const why = (test.failureMessages ?? []).map(firstLines).join('\n');
      return why ? `${where} > ${test.fullName}\n${why}` : `${where} > ${test.fullName}`;
    });
  });
suites.forEach(([label, projects], i) => {
  const report = path.join(reportDir, `report-${i}.json`);
  console.log(`\n▶ ${label}`);
  const result = spawnSync(
    'npx',
    ['vitest', 'run', ...projects, '--reporter=default', '--reporter=json', `--outputFile.json=${report}`],
    { stdio: 'inherit' },
  );
  if (result.status !== 0) exitCode = result.status ?? 1;
  if (fs.existsSync(report)) {
    const json = JSON.parse(fs.readFileSync(report, 'utf8'));
    passed += json.numPassedTests;
    failed += json.numFailedTests;
    skipped += json.numPendingTests + json.numTodoTests;
    failures.push(...failuresIn(json));
  } else if (result.status !== 0) {
    failed += 1;
    failures.push(`${label}: ended with exit code ${result.status} and wrote no report`);
  }
});
for (const failure of failures) console.log(`✖ ${failure}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(exitCode || (failed > 0 ? 1 : 0));
