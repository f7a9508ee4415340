// The monitoring side of `npm run cluster -- --monitoring` (scripts/cluster.mjs) and of the alerting
// cluster test (apps/server/src/core/alerting.cluster.test.ts): Debian's Prometheus scraping every
// instance with the repo's alerting rules (deploy/alerts.yml), and Alertmanager sending what fires to
// ALERT_WEBHOOK_URL and, with SMTP_URL and ALERT_EMAIL_TO, by e-mail. docs/operations.md, "Alerts".
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const ALERT_RULES_FILE = path.join(repoRoot, 'deploy/alerts.yml');
/** Prometheus and Alertmanager listen on basePort + these (clear of the instances' base + 1…20 and base + 101…120). */
const PROMETHEUS_OFFSET = 90;
const ALERTMANAGER_OFFSET = 91;
const READY_TIMEOUT_MS = 60_000;

/** The first of `names` on the PATH (Debian calls Alertmanager `prometheus-alertmanager`), or undefined. */
function binary(...names) {
  return names.find((name) => spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0);
}

/** The binaries this needs, or a message naming the missing package. */
export function monitoringBinaries() {
  const prometheus = binary('prometheus');
  const alertmanager = binary('prometheus-alertmanager', 'alertmanager');
  const missing = [!prometheus && 'prometheus', !alertmanager && 'prometheus-alertmanager'].filter(Boolean);
  return missing.length
    ? { error: `--monitoring needs ${missing.join(' and ')}: sudo apt-get install ${missing.join(' ')}` }
    : { prometheus, alertmanager };
}

const yamlString = (value) => JSON.stringify(String(value));

/**
 * prometheus.yml for the runner: short intervals (scrape every 2 s, rules every 5 s) so an alert's
 * `for` is the only wait; each instance's metrics URL as a target labelled with the instance's name.
 */
export function prometheusConfig({ instances, alertmanager, rules = ALERT_RULES_FILE }) {
  const targets = instances.flatMap(({ name, metrics }) => {
    const url = new URL(metrics);
    return [
      `      - targets: [${yamlString(url.host)}]`,
      `        labels: { instance: ${yamlString(name)}, __metrics_path__: ${yamlString(url.pathname)} }`,
    ];
  });
  return [
    'global:',
    '  scrape_interval: 2s',
    '  scrape_timeout: 2s',
    '  evaluation_interval: 5s',
    'rule_files:',
    `  - ${yamlString(rules)}`,
    'alerting:',
    '  alertmanagers:',
    `    - static_configs: [{ targets: [${yamlString(new URL(alertmanager).host)}] }]`,
    'scrape_configs:',
    '  - job_name: kujiya',
    '    static_configs:',
    ...targets,
    '',
  ].join('\n');
}

/** SMTP_URL (`smtp://user:pass@host:587` or `smtps://…`) as Alertmanager's e-mail settings. */
export function smtpSettings(smtpUrl) {
  const url = new URL(smtpUrl);
  const port = url.port || (url.protocol === 'smtps:' ? '465' : '587');
  return {
    smarthost: `${url.hostname}:${port}`,
    username: decodeURIComponent(url.username),
    password: decodeURIComponent(url.password),
    // smtps is TLS from the first byte (Alertmanager does so on port 465); on smtp, require_tls is
    // STARTTLS, which Go needs before it sends a password to any host but this machine.
    requireTls: url.protocol === 'smtp:' && !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname),
  };
}

/**
 * alertmanager.yml: the webhook (ALERT_WEBHOOK_URL) as the first receiver, e-mail (SMTP_URL to
 * ALERT_EMAIL_TO, from MAIL_FROM) as the second; both get every alert. Grouped by alert and instance,
 * sent a second after the first alert of a group, resolved alerts too.
 */
export function alertmanagerConfig({ webhookUrl, smtpUrl, emailTo, mailFrom = 'Kujiya <no-reply@kujiya.sg>' }) {
  const lines = [
    'route:',
    '  receiver: webhook',
    "  group_by: ['alertname', 'instance', 'queue', 'flow']",
    '  group_wait: 1s',
    '  group_interval: 10s',
    '  repeat_interval: 1h',
  ];
  const email = smtpUrl && emailTo;
  if (email) lines.push('  routes:', '    - receiver: webhook', '      continue: true', '    - receiver: email');
  lines.push('receivers:', '  - name: webhook');
  if (webhookUrl)
    lines.push('    webhook_configs:', `      - url: ${yamlString(webhookUrl)}`, '        send_resolved: true');
  if (email) {
    const smtp = smtpSettings(smtpUrl);
    lines.push(
      '  - name: email',
      '    email_configs:',
      `      - to: ${yamlString(emailTo)}`,
      `        from: ${yamlString(mailFrom)}`,
      `        smarthost: ${yamlString(smtp.smarthost)}`,
      ...(smtp.username ? [`        auth_username: ${yamlString(smtp.username)}`] : []),
      ...(smtp.password ? [`        auth_password: ${yamlString(smtp.password)}`] : []),
      `        require_tls: ${smtp.requireTls}`,
      '        send_resolved: true',
    );
  }
  return `${lines.join('\n')}\n`;
}

/** Resolves once `url` answers 200; rejects when the process exits or READY_TIMEOUT_MS pass. */
async function waitReady(url, child, name, output) {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${name} exited: ${output()}`);
    const ok = await fetch(url, { signal: AbortSignal.timeout(2000) }).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${name} did not answer ${url} within ${READY_TIMEOUT_MS / 1000} s: ${output()}`);
}

function stopChild(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function startChild(command, args, log, name) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk) => (output = (output + chunk.toString()).slice(-4000));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  child.on('exit', (code, signal) => {
    if (!child.stopping) log(`${name} exited (${code ?? signal})`);
  });
  return { child, output: () => output };
}

/**
 * Writes both configurations under `dir` (storage too) and starts Prometheus on basePort + 90 and
 * Alertmanager on basePort + 91 (127.0.0.1 only); resolves with their addresses once both are ready.
 * `instances`: `{ name, metrics }`, metrics being the instance's metrics URL (http://host:port/metrics).
 * The environment gives ALERT_WEBHOOK_URL, SMTP_URL, ALERT_EMAIL_TO and MAIL_FROM.
 */
export async function startMonitoring({ dir, basePort, instances, log = console.log, env = process.env }) {
  const binaries = monitoringBinaries();
  if (binaries.error) throw new Error(binaries.error);
  const prometheus = `http://127.0.0.1:${basePort + PROMETHEUS_OFFSET}`;
  const alertmanager = `http://127.0.0.1:${basePort + ALERTMANAGER_OFFSET}`;
  const folder = path.join(dir, 'monitoring');
  fs.mkdirSync(folder, { recursive: true });
  const prometheusFile = path.join(folder, 'prometheus.yml');
  const alertmanagerFile = path.join(folder, 'alertmanager.yml');
  fs.writeFileSync(prometheusFile, prometheusConfig({ instances, alertmanager }));
  const receivers = {
    webhookUrl: env.ALERT_WEBHOOK_URL,
    smtpUrl: env.SMTP_URL,
    emailTo: env.ALERT_EMAIL_TO,
    mailFrom: env.MAIL_FROM,
  };
  fs.writeFileSync(alertmanagerFile, alertmanagerConfig(receivers), { mode: 0o600 });
  if (!receivers.webhookUrl) log('ALERT_WEBHOOK_URL is unset: alerts show in Alertmanager but are sent nowhere');

  const am = startChild(
    binaries.alertmanager,
    [
      `--config.file=${alertmanagerFile}`,
      `--storage.path=${path.join(folder, 'alertmanager-data')}`,
      `--web.listen-address=127.0.0.1:${basePort + ALERTMANAGER_OFFSET}`,
      // One Alertmanager: no gossip port (its default 9094 would clash between clusters).
      '--cluster.listen-address=',
    ],
    log,
    'alertmanager',
  );
  const prom = startChild(
    binaries.prometheus,
    [
      `--config.file=${prometheusFile}`,
      `--storage.tsdb.path=${path.join(folder, 'prometheus-data')}`,
      `--web.listen-address=127.0.0.1:${basePort + PROMETHEUS_OFFSET}`,
    ],
    log,
    'prometheus',
  );
  const stop = async () => {
    for (const { child } of [prom, am]) child.stopping = true;
    await Promise.all([stopChild(prom.child), stopChild(am.child)]);
  };
  try {
    await Promise.all([
      waitReady(`${alertmanager}/-/ready`, am.child, 'alertmanager', am.output),
      waitReady(`${prometheus}/-/ready`, prom.child, 'prometheus', prom.output),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }
  log(`Prometheus: ${prometheus} (rules: deploy/alerts.yml, scraping ${instances.length} instances every 2 s)`);
  // The webhook's address may hold its secret: it is not printed.
  const to = [receivers.webhookUrl && 'the webhook', receivers.smtpUrl && receivers.emailTo && 'e-mail'].filter(
    Boolean,
  );
  log(`Alertmanager: ${alertmanager} (sending to ${to.length ? to.join(' and ') : 'nobody'})`);
  return { prometheus, alertmanager, stop };
}
