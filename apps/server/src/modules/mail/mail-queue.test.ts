import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestClock } from '../../core/clock.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { MAIL_CLAIM_MS, MAIL_MAX_ATTEMPTS, mailRetryDelay, type MailMessage } from './service.ts';
import { RECIPIENT_DELETED } from './personal-data.ts';
import { mailQueue } from './tables.ts';
import { startSmtp, type TestSmtp } from './test-helpers.ts';

const message = (to: string, subject: string): MailMessage => ({
  to,
  subject,
  text: `${subject} text`,
  html: `<p>${subject}</p>`,
});

/** The transactional mail queue: enqueue in a transaction, deliver after commit (dev outbox here). */
describe('mail queue (dev outbox)', () => {
  let t: TestApp;
  const clock = new TestClock('2026-05-04T02:00:00.000Z');
  beforeAll(async () => {
    t = await createTestApp({ clock });
  });
  afterAll(async () => t.close());

  const queuedTo = (to: string) => t.services.mail.listQueue({ to });

  it('queues in the transaction and sends only on deliverQueued, once', async () => {
    await t.ctx.db.transaction((tx) => t.services.mail.enqueue(tx, [message('Ann@Example.com', 'hello ann')]));
    const [queued] = await queuedTo('ann@example.com');
    expect(queued).toMatchObject({
      to: 'ann@example.com',
      subject: 'hello ann',
      status: 'pending',
      attempts: 0,
      sentAt: null,
    });
    expect(await t.services.mail.listOutbox({ to: 'ann@example.com' })).toEqual([]);

    expect(await t.services.mail.deliverQueued()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await t.services.mail.listOutbox({ to: 'ann@example.com' })).toEqual([
      expect.objectContaining({ subject: 'hello ann', text: 'hello ann text', html: '<p>hello ann</p>' }),
    ]);
    expect((await queuedTo('ann@example.com'))[0]).toMatchObject({
      status: 'sent',
      attempts: 1,
      sentAt: clock.now(),
      lastError: null,
    });

    expect(await t.services.mail.deliverQueued()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(await t.services.mail.listOutbox({ to: 'ann@example.com' })).toHaveLength(1);
  });

  it('a rolled-back transaction leaves no mail', async () => {
    await expect(
      t.ctx.db.transaction(async (tx) => {
        await t.services.mail.enqueue(tx, [message('ben@example.com', 'never')]);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await queuedTo('ben@example.com')).toEqual([]);
    await t.services.mail.deliverQueued();
    expect(await t.services.mail.listOutbox({ to: 'ben@example.com' })).toEqual([]);
  });

  it('two deliveries running at once send every mail exactly once', async () => {
    const subjects = Array.from({ length: 30 }, (_, i) => `race ${i}`);
    await t.ctx.db.transaction((tx) =>
      t.services.mail.enqueue(
        tx,
        subjects.map((s) => message('cat@example.com', s)),
      ),
    );
    const results = await Promise.all([
      t.services.mail.deliverQueued({ batchSize: 4 }),
      t.services.mail.deliverQueued({ batchSize: 4 }),
    ]);
    expect(results[0]!.sent + results[1]!.sent).toBe(30);
    expect(results.every((r) => r.retried === 0 && r.failed === 0)).toBe(true);
    const delivered = (await t.services.mail.listOutbox({ to: 'cat@example.com', limit: 100 })).map((m) => m.subject);
    expect(delivered.sort()).toEqual([...subjects].sort());
    expect((await queuedTo('cat@example.com')).every((m) => m.status === 'sent' && m.attempts === 1)).toBe(true);
  });

  it('a mail whose sender vanished mid-try is taken again once its claim lapses', async () => {
    await t.ctx.db.transaction((tx) => t.services.mail.enqueue(tx, [message('dan@example.com', 'interrupted')]));
    const [queued] = await queuedTo('dan@example.com');
    // What a claim looks like when its instance died before recording the outcome.
    await t.ctx.db
      .update(mailQueue)
      .set({ status: 'sending', attempts: 1, nextAttemptAt: new Date(clock.now().getTime() + MAIL_CLAIM_MS) })
      .where(eq(mailQueue.id, queued!.id));
    expect((await t.services.mail.deliverQueued()).sent).toBe(0);
    clock.advance(MAIL_CLAIM_MS);
    expect((await t.services.mail.deliverQueued()).sent).toBe(1);
    expect((await queuedTo('dan@example.com'))[0]).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await t.services.mail.listOutbox({ to: 'dan@example.com' })).toHaveLength(1);
  });

  it("an anonymised account's values leave every mail; its own unsent mails are given up, never sent", async () => {
    const gil = { values: ['gil.forgotten@example.com', 'Gilbert'], pseudonym: 'deleted-gil' };
    await t.ctx.db.transaction((tx) =>
      t.services.mail.enqueue(tx, [message('gil.forgotten@example.com', 'hello Gilbert')]),
    );
    await t.ctx.db.transaction((tx) => t.services.mail.enqueue(tx, [message('hal@example.com', 'sent to hal')]));
    await t.services.mail.deliverQueued();
    await t.ctx.db.transaction((tx) =>
      t.services.mail.enqueue(tx, [
        message('gil.forgotten@example.com', 'unsent to Gilbert'),
        message('hal@example.com', 'Gilbert offered a trade'),
      ]),
    );
    // Two queued mails and one stored (dev outbox) that name him; hal's sent mail names nobody.
    expect(await t.ctx.db.transaction((tx) => t.services.mail.forgetPersonalValues(tx, gil))).toBe(4);
    // Queued at one clock instant: in subject order.
    const bySubject = async (to: string) => (await queuedTo(to)).sort((a, b) => a.subject.localeCompare(b.subject));
    expect(await bySubject('deleted-gil')).toEqual([
      expect.objectContaining({ subject: 'hello deleted-gil', status: 'sent', lastError: null }),
      expect.objectContaining({ subject: 'unsent to deleted-gil', status: 'failed', lastError: RECIPIENT_DELETED }),
    ]);
    expect(await bySubject('hal@example.com')).toEqual([
      expect.objectContaining({
        subject: 'deleted-gil offered a trade',
        text: 'deleted-gil offered a trade text',
        status: 'pending',
      }),
      expect.objectContaining({ subject: 'sent to hal', status: 'sent' }),
    ]);
    expect(await t.services.mail.listOutbox({ to: 'deleted-gil' })).toEqual([
      expect.objectContaining({ subject: 'hello deleted-gil', html: '<p>hello deleted-gil</p>' }),
    ]);
  });
});

describe('mail queue over a failing SMTP server', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  const clock = new TestClock('2026-05-04T02:00:00.000Z');
  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ clock, env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const queuedTo = async (to: string) => (await t.services.mail.listQueue({ to }))[0]!;

  it('retries with growing delays, then marks the mail failed', async () => {
    smtp.rejecting = true;
    await t.ctx.db.transaction((tx) => t.services.mail.enqueue(tx, [message('eve@example.com', 'doomed')]));
    const delays: number[] = [];
    for (let attempt = 1; attempt < MAIL_MAX_ATTEMPTS; attempt++) {
      expect(await t.services.mail.deliverQueued()).toEqual({ sent: 0, retried: 1, failed: 0 });
      const mail = await queuedTo('eve@example.com');
      expect(mail).toMatchObject({ status: 'pending', attempts: attempt });
      expect(mail.lastError).toMatch(/Mailbox unavailable|rejected/);
      delays.push(mail.nextAttemptAt.getTime() - clock.now().getTime());
      // Not due yet: nothing is tried before the delay is over.
      clock.advance(delays.at(-1)! - 1);
      expect(await t.services.mail.deliverQueued()).toEqual({ sent: 0, retried: 0, failed: 0 });
      clock.advance(1);
    }
    expect(delays).toEqual(Array.from({ length: MAIL_MAX_ATTEMPTS - 1 }, (_, i) => mailRetryDelay(i + 1)));
    expect(delays.slice(0, 3)).toEqual([60_000, 120_000, 240_000]);

    expect(await t.services.mail.deliverQueued()).toEqual({ sent: 0, retried: 0, failed: 1 });
    expect(await queuedTo('eve@example.com')).toMatchObject({
      status: 'failed',
      attempts: MAIL_MAX_ATTEMPTS,
      sentAt: null,
    });
    // Failed for good: later runs leave it alone, even once the server works again.
    smtp.rejecting = false;
    clock.advance(24 * 3600_000);
    expect(await t.services.mail.deliverQueued()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(smtp.received.filter((m) => m.to.includes('eve@example.com'))).toEqual([]);
  });

  it('a mail that failed once goes out on its retry when the server is back', async () => {
    smtp.rejecting = true;
    await t.ctx.db.transaction((tx) => t.services.mail.enqueue(tx, [message('fay@example.com', 'second time lucky')]));
    expect((await t.services.mail.deliverQueued()).retried).toBe(1);
    smtp.rejecting = false;
    clock.advance(mailRetryDelay(1));
    expect(await t.services.mail.deliverQueued()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await queuedTo('fay@example.com')).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    const received = smtp.received.filter((m) => m.to.includes('fay@example.com'));
    expect(received).toHaveLength(1);
    expect(received[0]!.raw).toContain('Subject: second time lucky');
  });
});
