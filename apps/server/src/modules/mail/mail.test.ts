import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_VAPID_ENV, createTestApp, type TestApp } from '../../test/test-app.ts';
import { renderMail } from './service.ts';
import { startSmtp, type TestSmtp } from './test-helpers.ts';
import { loadConfig } from '../../config.ts';
import { devOutboxNote, startServer } from '../../server.ts';

/** Undoes quoted-printable soft line breaks and =XX escapes enough to search the text. */
const unfold = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));

describe('mail over SMTP', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Kujiya <hello@kujiya.sg>' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the verification code mail with a text and an HTML part', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/verification/create',
      payload: { email: 'Mia@Example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0]!;
    expect(mail.from).toBe('hello@kujiya.sg');
    expect(mail.to).toEqual(['mia@example.com']);
    const raw = unfold(mail.raw);
    const code = raw.match(/Subject: Your Kujiya verification code: (\d{6})/)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(raw).toMatch(/Content-Type: text\/plain/i);
    expect(raw).toMatch(/Content-Type: text\/html/i);
    const [, textPart, htmlPart] = raw.split(/Content-Type: text\/(?:plain|html)/i);
    expect(textPart).toContain(code);
    expect(textPart).toContain('valid for 15 minutes');
    expect(htmlPart).toContain(code);
    expect(htmlPart).toContain('<h1');

    // And that code verifies: nothing was stored in the outbox instead.
    expect(await t.services.mail.listOutbox()).toHaveLength(0);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/verification/verify',
      payload: { email: 'mia@example.com', code },
    });
    expect(verified.statusCode).toBe(200);
  });

  it('answers 502 with the exact text when the SMTP server is gone', async () => {
    const dead = await startSmtp();
    await dead.close();
    const down = await createTestApp({ env: { SMTP_URL: dead.url } });
    try {
      const res = await down.app.inject({
        method: 'POST',
        url: '/api/verification/create',
        payload: { email: 'x@example.com' },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe('Unable to send verification code.');
    } finally {
      await down.close();
    }
  });
});

describe('dev outbox', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('stores mails without SMTP and lists them newest first, filtered by address', async () => {
    await t.services.mail.send({ to: 'Nia@Example.com', subject: 'one', text: 'first', html: '<p>first</p>' });
    await t.services.mail.send({ to: 'nia@example.com', subject: 'two', text: 'second', html: '<p>second</p>' });
    await t.services.mail.send({ to: 'other@example.com', subject: 'three', text: 'third', html: '<p>third</p>' });
    const all = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
    expect(all.statusCode).toBe(200);
    expect(all.json().map((m: { subject: string }) => m.subject)).toEqual(['three', 'two', 'one']);
    const nia = await t.app.inject({ method: 'GET', url: '/api/dev/outbox?to=NIA@example.com' });
    expect(nia.json().map((m: { subject: string }) => m.subject)).toEqual(['two', 'one']);
    const latest = await t.app.inject({ method: 'GET', url: '/api/dev/outbox/latest?to=nia@example.com' });
    expect(latest.json()).toMatchObject({
      to: 'nia@example.com',
      subject: 'two',
      text: 'second',
      html: '<p>second</p>',
    });
    expect(typeof latest.json().createdAt).toBe('string');
    const none = await t.app.inject({ method: 'GET', url: '/api/dev/outbox/latest?to=nobody@example.com' });
    expect(none.statusCode).toBe(404);
  });

  it('does not exist in production', async () => {
    const prod = await createTestApp({ env: { NODE_ENV: 'production', PAYMENTS: 'test' } });
    try {
      for (const url of ['/api/dev/outbox', '/api/dev/outbox/latest?to=a@b.co']) {
        expect((await prod.app.inject({ method: 'GET', url })).statusCode).toBe(404);
      }
    } finally {
      await prod.close();
    }
  });
});

describe('mail layout', () => {
  it('escapes what it is given and writes links out in the text part', async () => {
    const mail = await renderMail({
      title: 'Hi <b>',
      intro: ['Tom & "Jerry"'],
      action: { label: 'Go', url: 'https://kujiya.sg/x?a=1&b=2' },
    });
    expect(mail.html).toContain('Hi &lt;b&gt;');
    expect(mail.html).toContain('Tom &amp; &quot;Jerry&quot;');
    expect(mail.html).toContain('href="https://kujiya.sg/x?a=1&amp;b=2"');
    expect(mail.text).toContain('open this link: https://kujiya.sg/x?a=1&b=2');
    // The text part is plain: no markup, no HTML escapes.
    expect(mail.text).toContain('Tom & "Jerry"');
    expect(mail.text).not.toMatch(/<(p|a|h1|table)\b|&amp;/);
  });
});

describe('the dev outbox is served to loopback clients only (it holds sign-up codes and reset links)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Behind a trusted proxy: only a direct connection over loopback is local (docs/rules/security.md).
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    await t.services.mail.send({
      to: 'victim@example.com',
      subject: 'Your code 123456',
      text: '123456',
      html: '<p>123456</p>',
    });
  });
  afterAll(async () => t.close());
  const get = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, remoteAddress, headers });
  const URLS = ['/api/dev/outbox?to=victim@example.com', '/api/dev/outbox/latest?to=victim@example.com'];

  it('another machine gets 404 and no mail, even through a proxy on this machine', async () => {
    for (const url of URLS) {
      for (const [remote, headers] of [
        ['192.168.1.20', {}],
        ['203.0.113.9', {}],
        ['::ffff:10.0.0.5', {}],
        ['127.0.0.1', { 'x-forwarded-for': '203.0.113.9' }],
        // Through a proxy on this machine the socket is loopback; a forwarded address never makes a client local.
        ['127.0.0.1', { 'x-forwarded-for': '127.0.0.1' }],
        ['127.0.0.1', { 'x-forwarded-for': '203.0.113.9, 127.0.0.1' }],
        ['::1', { forwarded: 'for=127.0.0.1' }],
        ['192.168.1.20', { 'x-forwarded-for': '127.0.0.1' }],
      ] as const) {
        const res = await get(url, remote, headers);
        expect(res.statusCode, `${url} from ${remote} ${JSON.stringify(headers)}`).toBe(404);
        expect(res.body).not.toContain('123456');
      }
    }
  });

  it('this machine reads it (the e2e tests run on loopback)', async () => {
    for (const url of URLS) {
      for (const remote of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
        const res = await get(url, remote);
        expect(res.statusCode, `${url} from ${remote}`).toBe(200);
        expect(res.body).toContain('123456');
      }
    }
  });

  it('DEV_OUTBOX=1 serves every client, is refused in production, and the start log says who may read it', async () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), PAYMENTS: 'test', DEV_OUTBOX: '1' }),
    ).toThrow(/DEV_OUTBOX/);
    expect(
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(32), PAYMENTS: 'test', ...TEST_VAPID_ENV }).devOutbox,
    ).toBe('off');
    const server = await startServer({
      config: loadConfig({
        NODE_ENV: 'test',
        PORT: '0',
        HOST: '127.0.0.1',
        DEMO_DATA: '0',
        LOG_LEVEL: 'silent',
        JWT_SECRET: 'x'.repeat(40),
        DEV_OUTBOX: '1',
      }),
      inMemory: true,
      logger: false,
    });
    try {
      expect(server.startupNotes).toContain(devOutboxNote('everyone'));
      const res = await server.app.inject({ method: 'GET', url: '/api/dev/outbox', remoteAddress: '192.168.1.20' });
      expect(res.statusCode).toBe(200);
    } finally {
      await server.close();
    }
    expect(devOutboxNote('loopback')).toMatch(/loopback clients only/);
  });
});
