import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import type { AddressInfo } from 'node:net';

/** A push as the local push service received it: checked (VAPID) and decrypted (aes128gcm). */
export interface ReceivedPush {
  deviceId: string;
  payload: unknown;
  ttl: string | undefined;
}

interface Device {
  ecdh: crypto.ECDH;
  auth: Buffer;
}

const b64u = (buffer: Buffer) => buffer.toString('base64url');
const hmac = (key: Buffer, data: Buffer) => crypto.createHmac('sha256', key).update(data).digest();

/** A self-signed certificate for 127.0.0.1 (openssl), written to a temporary folder. */
function makeCertificate(): { key: string; cert: string; certFile: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kujiya-push-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-days', '1'].concat([
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      keyFile,
      '-out',
      certFile,
    ]),
    { stdio: 'ignore' },
  );
  return { key: fs.readFileSync(keyFile, 'utf8'), cert: fs.readFileSync(certFile, 'utf8'), certFile };
}

/** Checks the VAPID header `vapid t=<jwt>, k=<key>`: ES256 signature by `k`, audience, expiry. */
function checkVapid(header: string | undefined, audience: string, expectedKey: string | undefined): string | null {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return 'missing vapid authorization';
  const [, jwt, key] = match as unknown as [string, string, string];
  if (expectedKey && key !== expectedKey) return 'unexpected vapid key';
  const [head, body, signature] = jwt.split('.');
  if (!head || !body || !signature) return 'malformed jwt';
  const point = Buffer.from(key, 'base64url');
  const publicKey = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(point.subarray(1, 33)), y: b64u(point.subarray(33, 65)) },
    format: 'jwk',
  });
  const valid = crypto.verify(
    'sha256',
    Buffer.from(`${head}.${body}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!valid) return 'bad vapid signature';
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString()) as { aud?: string; exp?: number; sub?: string };
  if (claims.aud !== audience) return `wrong audience ${claims.aud}`;
  if (!claims.exp || claims.exp * 1000 < Date.now()) return 'expired jwt';
  if (!claims.sub || !/^(mailto:|https:)/.test(claims.sub)) return 'bad subject';
  return null;
}

/** Decrypts an aes128gcm Web Push body (one record) with the device's keys. */
function decrypt(device: Device, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const secret = device.ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), device.ecdh.getPublicKey(), senderKey]);
  const ikm = hmac(hmac(device.auth, secret), Buffer.concat([keyInfo, Buffer.from([1])]));
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  const end = plain.lastIndexOf(2);
  return plain.subarray(0, end).toString('utf8');
}

/**
 * A push service for tests (docs/rules/notifications.md, "Push"): HTTPS on 127.0.0.1 with its own
 * certificate, it hands out subscriptions like a browser, checks each push's VAPID signature (against
 * `vapidKey` when given) and decrypts its payload. `answer(deviceId, status)` makes it refuse (410, 500).
 */
export async function startLocalPushService(options: { vapidKey?: () => string | undefined } = {}) {
  const { key, cert, certFile } = makeCertificate();
  const devices = new Map<string, Device>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  const server = https.createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const deviceId = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '';
      const device = devices.get(deviceId);
      const audience = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const problem = !device
        ? 'no such subscription'
        : request.headers['content-encoding'] !== 'aes128gcm'
          ? 'not aes128gcm'
          : checkVapid(request.headers.authorization, audience, options.vapidKey?.());
      const status = answers.get(deviceId) ?? (problem === 'no such subscription' ? 404 : problem ? 400 : 201);
      if (problem) refused.push(problem);
      else if (status === 201) {
        const payload: unknown = JSON.parse(decrypt(device!, Buffer.concat(chunks)));
        received.push({ deviceId, payload, ttl: request.headers.ttl as string | undefined });
      }
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    /** The certificate's PEM file (NODE_EXTRA_CA_CERTS for server processes). */
    certFile,
    received,
    /** Pushes refused for a broken signature or encoding: a test expects none. */
    refused,
    /** Makes this process trust the service's certificate (for apps built in the test process). */
    trustInThisProcess() {
      tls.setDefaultCACertificates([...tls.getCACertificates('default'), cert]);
    },
    /** A new device's PushSubscription JSON, as a browser would give it. */
    subscription() {
      const id = crypto.randomUUID();
      const ecdh = crypto.createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = crypto.randomBytes(16);
      devices.set(id, { ecdh, auth });
      return {
        id,
        json: {
          endpoint: `${origin}/push/${id}`,
          expirationTime: null,
          keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(auth) },
        },
      };
    },
    /** What the service answers this device's next pushes (e.g. 410 Gone, 500). */
    answer(deviceId: string, status: number) {
      answers.set(deviceId, status);
    },
    pushesTo: (deviceId: string) => received.filter((push) => push.deviceId === deviceId).map((push) => push.payload),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type LocalPushService = Awaited<ReturnType<typeof startLocalPushService>>;
