import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monitoringBinaries, startMonitoring } from '../../../../scripts/cluster-monitoring.mjs';
import { clusterCanRun, useCluster } from '../test/cluster.ts';
import { until } from '../test/instances.ts';

/**
 * Someone is told (docs/operations.md, "Alerts"): two instances behind haproxy, Prometheus scraping
 * them with deploy/alerts.yml and Alertmanager sending to a webhook, as `npm run cluster -- --monitoring`
 * starts them (scripts/cluster-monitoring.mjs). One instance is killed; KujiyaInstanceDown reaches the
 * webhook (the test's own tiny HTTP receiver) once its `for: 1m` has passed, naming that instance and
 * its runbook; started again, the alert is resolved. Prints the seconds from kill to each message.
 */
const binaries = monitoringBinaries();
// This file's fixed ports: Prometheus on BASE_PORT + 90, Alertmanager on + 91 (scripts/cluster-monitoring.mjs).
const BASE_PORT = 47_700;

interface Notification {
  at: number;
  status: string;
  alerts: { status: string; labels: Record<string, string>; annotations: Record<string, string> }[];
}

/** An HTTP server that keeps every Alertmanager webhook body it is sent, with its arrival time. */
async function startReceiver(): Promise<{ url: string; received: Notification[]; close: () => Promise<void> }> {
  const received: Notification[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      received.push({ at: Date.now(), ...(JSON.parse(body) as Omit<Notification, 'at'>) });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/alerts`,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** The first notification carrying `alertname` in `status` for `instance`, if it came. */
const notified = (received: Notification[], alertname: string, status: string, instance: string) =>
  received.find((n) =>
    n.alerts.some((a) => a.status === status && a.labels.alertname === alertname && a.labels.instance === instance),
  );

describe.runIf(clusterCanRun && !binaries.error)('alerts reach a webhook', () => {
  const shop = useCluster(2, { withMetrics: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kujiya-alerting-'));
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let monitoring: Awaited<ReturnType<typeof startMonitoring>>;

  const query = async (expression: string): Promise<number | null> => {
    const res = await fetch(`${monitoring.prometheus}/api/v1/query?query=${encodeURIComponent(expression)}`);
    const body = (await res.json()) as { data?: { result: { value: [number, string] }[] } };
    const sample = body.data?.result[0];
    return sample ? Number(sample.value[1]) : null;
  };

  beforeAll(async () => {
    receiver = await startReceiver();
    monitoring = await startMonitoring({
      dir,
      basePort: BASE_PORT,
      instances: shop.cluster.instances.map(({ name, metricsPort }) => ({
        name,
        metrics: `http://127.0.0.1:${metricsPort}/metrics`,
      })),
      env: { ALERT_WEBHOOK_URL: receiver.url },
      log: () => {},
    });
  });
  afterAll(async () => {
    await monitoring?.stop();
    await receiver?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('sends KujiyaInstanceDown for a killed instance to the webhook within its `for` and a bound, then its resolution', async () => {
    // Both instances scraped, ready and on their database, and the rules loaded, before the kill.
    await until(async () => (await query('sum(up{job="kujiya"})')) === 2, 60_000, 500);
    await until(async () => (await query('sum(kujiya_ready)')) === 2, 30_000, 500);
    expect(await query('sum(kujiya_database_up)')).toBe(2);
    const rules = (await (await fetch(`${monitoring.prometheus}/api/v1/rules`)).json()) as {
      data: { groups: { rules: { name: string }[] }[] };
    };
    expect(rules.data.groups.flatMap((g) => g.rules.map((r) => r.name))).toContain('KujiyaInstanceDown');
    expect(notified(receiver.received, 'KujiyaInstanceDown', 'firing', 'kujiya-1')).toBeUndefined();

    const killedAt = Date.now();
    await shop.cluster.kill(0);
    // `for: 1m`, plus up to a scrape (2 s), an evaluation (5 s) and Alertmanager's group_wait (1 s):
    // generous on a loaded machine, still well under the file's timeout.
    await until(() => Boolean(notified(receiver.received, 'KujiyaInstanceDown', 'firing', 'kujiya-1')), 150_000, 200);
    const firing = notified(receiver.received, 'KujiyaInstanceDown', 'firing', 'kujiya-1')!;
    const firedAfter = (firing.at - killedAt) / 1000;
    // Never before the rule's minute: the alert waits out a restart's blip.
    expect(firedAfter).toBeGreaterThanOrEqual(60);
    const alert = firing.alerts.find((a) => a.labels.alertname === 'KujiyaInstanceDown')!;
    expect(alert.labels.severity).toBe('page');
    expect(alert.annotations.runbook_url).toBe('docs/runbooks/KujiyaInstanceDown.md');
    // The survivor is not reported down.
    expect(notified(receiver.received, 'KujiyaInstanceDown', 'firing', 'kujiya-2')).toBeUndefined();

    const restartedAt = Date.now();
    await shop.cluster.start(0);
    const upAt = Date.now();
    await until(() => Boolean(notified(receiver.received, 'KujiyaInstanceDown', 'resolved', 'kujiya-1')), 90_000, 200);
    const resolved = notified(receiver.received, 'KujiyaInstanceDown', 'resolved', 'kujiya-1')!;
    console.log(
      JSON.stringify({
        alerting: {
          killToWebhookSeconds: Number(firedAfter.toFixed(1)),
          restartSeconds: Number(((upAt - restartedAt) / 1000).toFixed(1)),
          readyToResolvedSeconds: Number(((resolved.at - upAt) / 1000).toFixed(1)),
          notifications: receiver.received.length,
        },
      }),
    );
  });
});
