import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * deploy/alerts.yml (docs/operations.md, "Alerts"): Prometheus accepts the rules, promtool's unit tests
 * of deploy/alerts.test.yml pass (each alert fires after its `for`, and not on its look-alikes), every
 * alert links a runbook that exists and says what it means, what to look at and what to do, and every
 * metric a rule reads is one the instances export (documented in docs/operations.md, "Metrics").
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');
const promtoolMissing = spawnSync('sh', ['-c', 'command -v promtool']).status !== 0;
const SKIP_REASON = 'promtool is not installed (Debian: apt-get install prometheus; CI installs it)';

const REQUIRED_ALERTS = [
  'KujiyaInstanceDown',
  'KujiyaNotReady',
  'KujiyaDatabaseUnavailable',
  'KujiyaRedisDown',
  'Kujiya5xxRate',
  'KujiyaLatencyHigh',
  'KujiyaJobBacklog',
  'KujiyaDropStalled',
  'KujiyaBackupStale',
  'KujiyaDatabaseReplicationLag',
];

/** Each rule of alerts.yml: its alert name and runbook link, in file order. */
function alertRules(): { alert: string; runbook: string | undefined }[] {
  const blocks = read('deploy/alerts.yml')
    .split(/^ {6}- alert: /m)
    .slice(1);
  return blocks.map((block) => ({
    alert: block.split('\n')[0]!.trim(),
    runbook: /^ {10}runbook_url: (\S+)$/m.exec(block)?.[1],
  }));
}

const promtool = (...args: string[]) =>
  spawnSync('promtool', args, { cwd: path.join(repoRoot, 'deploy'), encoding: 'utf8', timeout: 120_000 });

describe('alerting rules', () => {
  it('has every alert the operators rely on, each with its runbook', () => {
    const rules = alertRules();
    expect(new Set(rules.map((r) => r.alert))).toEqual(new Set(REQUIRED_ALERTS));
    for (const { alert, runbook } of rules) {
      expect(runbook, `${alert} links no runbook`).toBe(`docs/runbooks/${alert}.md`);
      const text = read(runbook!);
      expect(text, `${runbook} is not about ${alert}`).toMatch(new RegExp(`^# ${alert}\\b`));
      for (const section of ['## What it means', '## What to look at', '## What to do'])
        expect(text, `${runbook} lacks "${section}"`).toContain(section);
    }
  });

  it('reads only metrics the instances export, each documented in docs/operations.md', () => {
    const used = new Set(read('deploy/alerts.yml').match(/\bkujiya_[a-z_]+/g));
    const metrics = read('apps/server/src/core/metrics.ts');
    const documented = read('docs/operations.md');
    for (const name of used) {
      // Histograms export _bucket and _count series of their own name.
      const base = name.replace(/_(bucket|count)$/, '');
      expect(metrics, `no metric ${base} in core/metrics.ts`).toContain(`'${base}'`);
      expect(documented, `docs/operations.md does not document ${base}`).toContain(`\`${base}\``);
    }
  });

  it('is accepted by Prometheus (promtool check rules)', (ctx) => {
    ctx.skip(promtoolMissing, SKIP_REASON);
    const check = promtool('check', 'rules', 'alerts.yml');
    expect(check.status, check.stdout + check.stderr).toBe(0);
  });

  it("passes promtool's unit tests of each alert's timing (deploy/alerts.test.yml)", (ctx) => {
    ctx.skip(promtoolMissing, SKIP_REASON);
    const run = promtool('test', 'rules', 'alerts.test.yml');
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stdout).toMatch(/SUCCESS/);
  });
});
