import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * deploy/ (deploy/README.md) stays true to the code: every configuration variable is in the
 * production checklist, the image keeps every package the server imports at run time after
 * `npm prune --omit=dev`, and haproxy and Prometheus accept their files (when installed, as in CI).
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => fs.readFileSync(path.join(repoRoot, file), 'utf8');
const installed = (binary: string) => spawnSync('sh', ['-c', `command -v ${binary}`]).status === 0;

/** The variables of config.ts's environment schema: its `NAME:` keys. */
function configVariables(): string[] {
  const source = read('apps/server/src/config.ts');
  const schema = source.slice(source.indexOf('const envSchema = z.object({'), source.indexOf('export type Config'));
  return [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!);
}

describe('deploy files', () => {
  const checklist = read('deploy/README.md');

  it('lists every configuration variable in the production checklist and the README', () => {
    const variables = configVariables();
    expect(variables.length).toBeGreaterThan(20);
    const readme = read('README.md');
    for (const name of variables) {
      expect(checklist, `deploy/README.md lacks ${name}`).toContain(`| \`${name}\` |`);
      expect(readme, `README.md lacks ${name}`).toContain(`\`${name}\``);
    }
  });

  it("documents every variable compose gives the shop's replicas", () => {
    const compose = read('deploy/compose.yaml');
    const block = compose.slice(compose.indexOf('x-shop-env:'), compose.indexOf('x-shop:'));
    const given = [...block.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!);
    expect(given).toEqual(expect.arrayContaining(['DATABASE_URL', 'REDIS_URL', 'TRUST_PROXY', 'METRICS_PORT']));
    for (const name of [...given, 'INSTANCE_NAME'])
      expect(checklist, `deploy/README.md lacks ${name}`).toContain(`| \`${name}\` |`);
  });

  it('builds an image that checks /healthz, runs unprivileged and keeps only run-time packages', () => {
    const dockerfile = read('deploy/Dockerfile');
    expect(dockerfile).toMatch(/^FROM node:24-bookworm-slim AS build$/m);
    expect(dockerfile).toMatch(/RUN npm ci\b/);
    expect(dockerfile).toMatch(/npm prune --omit=dev/);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^EXPOSE 3000$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\n.*\/healthz/m);
    expect(read('deploy/haproxy.cfg')).toMatch(/http-check send meth GET uri \/readyz/);
    // The host's node_modules must never be copied over the image's, whichever builder reads which file.
    const patterns = (file: string) =>
      read(file)
        .split('\n')
        .filter((l) => l && !l.startsWith('#'));
    expect(patterns('deploy/Dockerfile.dockerignore')).toContain('**/node_modules');
    expect(patterns('.dockerignore')).toEqual(patterns('deploy/Dockerfile.dockerignore'));
  });

  it('runs the server with the same Node flags wherever it runs as the shop: npm start, the image, the cluster, the bench', () => {
    const flag = '--max-semi-space-size=64';
    expect(JSON.parse(read('apps/server/package.json')).scripts.start).toContain(flag);
    expect(read('deploy/Dockerfile')).toContain(`CMD ["node", "${flag}", "--import", "tsx", "src/main.ts"]`);
    expect(read('scripts/cluster/instances.mjs')).toContain(`'${flag}', '--import', 'tsx', 'src/main.ts'`);
    expect(read('bench/lib.ts')).toContain(`'${flag}', '--import', 'tsx'`);
  });

  it('declares every package the server imports at run time as a dependency, so the prune keeps it', () => {
    const declared = (file: string) => Object.keys(JSON.parse(read(file)).dependencies ?? {});
    const runtime = new Set([...declared('apps/server/package.json'), ...declared('packages/shared/package.json')]);
    // `npm start` runs the TypeScript sources through tsx.
    expect(JSON.parse(read('apps/server/package.json')).scripts.start).toContain('--import tsx');
    expect(runtime.has('tsx')).toBe(true);
    const missing = new Set<string>();
    for (const file of runtimeSources()) {
      const text = fs.readFileSync(file, 'utf8');
      const specifiers = [
        ...text.matchAll(/^(?:import|export)\b[^;]*?\sfrom '([^']+)'/gms),
        ...text.matchAll(/^import '([^']+)'/gm),
        ...text.matchAll(/\bimport\('([^']+)'\)/g),
      ].map((m) => m[1]!);
      for (const specifier of specifiers) {
        if (/^(node:|\.|@kujiya\/)/.test(specifier)) continue;
        const parts = specifier.split('/');
        const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!;
        if (!runtime.has(name)) missing.add(`${name} (${path.relative(repoRoot, file)})`);
      }
    }
    expect([...missing]).toEqual([]);
  });

  it.skipIf(!installed('haproxy'))('haproxy accepts deploy/haproxy.cfg', () => {
    // The replicas' names resolve only inside compose; `init-addr none` lets the check pass without them.
    const check = spawnSync('haproxy', ['-c', '-f', path.join(repoRoot, 'deploy/haproxy.cfg')], { encoding: 'utf8' });
    expect(check.status, check.stderr).toBe(0);
  });

  it('sends the alerts of deploy/alerts.yml to an Alertmanager that compose runs', () => {
    const compose = read('deploy/compose.yaml');
    expect(compose).toContain('./alerts.yml:/etc/prometheus/alerts.yml:ro');
    expect(compose).toMatch(/^ {2}alertmanager:\n {4}image: prom\/alertmanager:/m);
    const prometheus = read('deploy/prometheus.yml');
    expect(prometheus).toMatch(/rule_files:\n\s+- alerts\.yml/);
    expect(prometheus).toContain("targets: ['alertmanager:9093']");
    // Every placeholder of alertmanager.yml is given by compose's alertmanager service.
    for (const [, name] of read('deploy/alertmanager.yml').matchAll(/\$\{([A-Z_]+)\}/g))
      expect(compose, `compose does not give ${name}`).toMatch(new RegExp(`^ {6}${name}: `, 'm'));
  });

  it.skipIf(!installed('amtool'))(
    'Alertmanager accepts deploy/alertmanager.yml once its placeholders are filled',
    () => {
      const sample: Record<string, string> = {
        ALERT_WEBHOOK_URL: 'https://hooks.example.com/kujiya?token=a&b',
        ALERT_EMAIL_TO: 'ops@example.com',
        ALERT_EMAIL_FROM: 'Kujiya alerts <alerts@kujiya.sg>',
        ALERT_SMTP_SMARTHOST: 'smtp.example.com:587',
        ALERT_SMTP_USERNAME: 'alerts@kujiya.sg',
        ALERT_SMTP_PASSWORD: 'p&ss$word',
      };
      const filled = read('deploy/alertmanager.yml').replace(/\$\{([A-Z_]+)\}/g, (_, name: string) => sample[name]!);
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kujiya-alertmanager-'));
      try {
        fs.writeFileSync(path.join(dir, 'alertmanager.yml'), filled);
        const check = spawnSync('amtool', ['check-config', path.join(dir, 'alertmanager.yml')], { encoding: 'utf8' });
        expect(check.status, check.stdout + check.stderr).toBe(0);
        expect(check.stdout).toMatch(/2 receivers/);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it.skipIf(!installed('promtool'))('Prometheus accepts deploy/prometheus.yml', () => {
    const out = execFileSync('promtool', ['check', 'config', path.join(repoRoot, 'deploy/prometheus.yml')], {
      encoding: 'utf8',
    });
    expect(out).toMatch(/SUCCESS/);
  });
});

/** The server's and the shared package's sources that run in production (no tests, test helpers or benches). */
function runtimeSources(): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const full = path.join(folder, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'test') walk(full);
      } else if (/\.tsx?$/.test(entry.name) && !/\.test\.ts$|test-helpers\.ts$|testing\.ts$/.test(entry.name)) {
        files.push(full);
      }
    }
  };
  walk(path.join(repoRoot, 'apps/server/src'));
  walk(path.join(repoRoot, 'packages/shared/src'));
  return files;
}
