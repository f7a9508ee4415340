import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from './test/instances.ts';
import { instanceStorage } from './modules/health/test-helpers.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../../..');

interface Span {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  scope: string;
}

/** A stand-in OTLP/HTTP collector: keeps every span the exporter posts to /v1/traces (JSON). */
async function startCollector() {
  const spans: Span[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const data = JSON.parse(body) as {
          resourceSpans: { scopeSpans: { scope: { name: string }; spans: Omit<Span, 'scope'>[] }[] }[];
        };
        for (const resource of data.resourceSpans)
          for (const scoped of resource.scopeSpans)
            for (const span of scoped.spans) spans.push({ ...span, scope: scoped.scope.name });
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { spans, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() };
}

/** `npm start`'s process (src/main.ts) on a free port; resolves with its address once it serves. */
function startMain(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'main.ts')], {
    cwd: repoRoot,
    env: { PATH: process.env.PATH, PORT: '0', HOST: '127.0.0.1', DEMO_DATA: '0', SHUTDOWN_DRAIN_SECONDS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const url = /"url":"(http:\/\/[^"]+)"/.exec(output)?.[1];
      if (url) resolve({ url, child });
    });
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`main exited with ${code}: ${output}`)));
  });
}

describe('OpenTelemetry traces (OTEL_EXPORTER_OTLP_ENDPOINT)', () => {
  let storage: Awaited<ReturnType<typeof instanceStorage>>;
  let collector: Awaited<ReturnType<typeof startCollector>>;
  beforeAll(async () => {
    storage = await instanceStorage();
    collector = await startCollector();
  });
  afterAll(async () => {
    collector?.close();
    await storage?.close();
  });

  it('exports the spans of HTTP requests, with their PostgreSQL queries and Redis commands when present', async () => {
    const main = await startMain({
      ...storage.env,
      ...(storage.url ? { DATABASE_URL: storage.url } : {}),
      ...(process.env.TEST_REDIS_URL ? { REDIS_URL: process.env.TEST_REDIS_URL } : {}),
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
    });
    try {
      // The catalogue's listing: built from the database on its first read.
      const listing = await fetch(`${main.url}/api/ichiban-kuji-products`);
      expect(listing.status).toBe(200);
      // A login counts against its rate limit: on Redis when it is there, once connected (before that
      // the limiter counts in memory).
      if (process.env.TEST_REDIS_URL)
        await until(async () => {
          const ready = (await (await fetch(`${main.url}/readyz`)).json()) as { checks: { redis: string } };
          return ready.checks.redis === 'ok';
        });
      const login = await fetch(`${main.url}/api/users/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // A fresh name each run: the account's failed-login counter outlives a run in Redis.
        body: JSON.stringify({ username: `nobody-${Date.now()}@example.com`, password: 'not-the-password' }),
      });
      expect(login.status).toBe(401);
      // Stopping flushes what the batch still holds.
      const exited = new Promise((resolve) => main.child.once('exit', resolve));
      main.child.kill('SIGTERM');
      await exited;
      await until(() => collector.spans.some((s) => s.scope === '@opentelemetry/instrumentation-http'), 20_000);
      const server = collector.spans.find(
        (s) => s.scope === '@opentelemetry/instrumentation-http' && s.kind === 2 && /^GET/.test(s.name),
      );
      expect(server).toBeDefined();
      // Fastify's route span in the same trace.
      expect(collector.spans.some((s) => s.scope === '@fastify/otel' && s.traceId === server!.traceId)).toBe(true);
      if (process.env.TEST_REDIS_URL) {
        const post = collector.spans.find(
          (s) => s.scope === '@opentelemetry/instrumentation-http' && /^POST/.test(s.name),
        );
        const commands = collector.spans.filter(
          (s) => s.scope === '@opentelemetry/instrumentation-ioredis' && s.traceId === post?.traceId,
        );
        expect(commands.map((c) => c.name)).toEqual(expect.arrayContaining(['incr']));
      }
      if (storage.url) {
        const queries = collector.spans.filter(
          (s) => s.scope === '@opentelemetry/instrumentation-pg' && s.traceId === server!.traceId,
        );
        expect(queries.map((q) => q.name)).toEqual(expect.arrayContaining([expect.stringMatching(/^pg\.query/)]));
      }
    } finally {
      main.child.kill('SIGKILL');
    }
  });

  it('loads no OpenTelemetry package without the endpoint: only main.ts reaches telemetry.ts, and only when set', () => {
    // The server's import graph from main.ts (static and dynamic imports of its own files).
    const seen = new Set<string>();
    const otelImporters: string[] = [];
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = fs.readFileSync(file, 'utf8');
      if (/from '@opentelemetry\/|import\('@opentelemetry\//.test(text)) otelImporters.push(path.relative(here, file));
      for (const match of text.matchAll(/(?:from |import\()'(\.{1,2}\/[^']+\.ts)'/g)) {
        const target = path.resolve(path.dirname(file), match[1]!);
        if (target !== path.join(here, 'telemetry.ts')) visit(target);
      }
    };
    visit(path.join(here, 'main.ts'));
    expect(seen.size).toBeGreaterThan(50);
    expect(otelImporters).toEqual([]);
    expect(fs.readFileSync(path.join(here, 'main.ts'), 'utf8')).toMatch(
      /config\.otelEndpoint\s*\?\s*\(await import\('\.\/telemetry\.ts'\)\)/,
    );
  });
});
