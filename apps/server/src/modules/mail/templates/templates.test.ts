import fs from 'node:fs';
import path from 'node:path';
import type { FairnessReceipt } from '@kujiya/shared';
import { describe, expect, it } from 'vitest';
import { renderMail } from '../service.ts';
import { renderTemplateMail } from '../rendering.ts';
import type { MailContent, RenderedMail } from './content.ts';
import type { OrderReceiptMailData, TemplateMail } from './kinds.ts';

/**
 * Every mail kind rendered to HTML and text from the one template set: what each must say, in both
 * parts. With MAIL_SHOTS_DIR set, each HTML is also written there (the phone-width screenshots).
 */
const env = { publicUrl: 'https://kujiya.sg' };
const UNSUBSCRIBE = (what: string) => ({ url: 'https://kujiya.sg/unsubscribe?token=u.k.mac', what });

function keep(name: string, mail: RenderedMail): RenderedMail {
  const dir = process.env.MAIL_SHOTS_DIR;
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, `${name}.html`), mail.html);
    fs.writeFileSync(path.join(dir, `${name}.txt`), mail.text);
  }
  return mail;
}

/** Both parts say it: the HTML (escaped) and the plain text. */
function bothSay(mail: RenderedMail, ...phrases: string[]) {
  for (const phrase of phrases) {
    expect(mail.text, phrase).toContain(phrase);
    expect(mail.html, phrase).toContain(
      phrase.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll("'", '&#x27;'),
    );
  }
}

const receipt: FairnessReceipt = {
  setId: 'round-1',
  entries: [
    { domain: 'ticket', nonce: 3, hash: 'a'.repeat(64) },
    { domain: 'ticket', nonce: 4, hash: 'b'.repeat(64) },
  ],
  headHash: 'b'.repeat(64),
};

const order: OrderReceiptMailData = {
  username: 'mia',
  orderId: '2f1c7a52-7d0e-4d44-9d5e-6f6c1f1e0a01',
  setName: 'One Piece Vol. 3',
  tickets: 3,
  paidTickets: 2,
  payment: 'card',
  total: 2400,
  lottery: false,
  stage: 'purchase',
  prizes: ['Prize A (Luffy figure) x1', 'Prize E (Towel) x2'],
  receipt,
};

const notice = (data: Partial<Extract<TemplateMail, { template: 'notice' }>['data']>): TemplateMail => ({
  template: 'notice',
  data: { username: 'mia', subject: 'Subject', message: 'Message.', ...data },
});

describe('the mail templates', () => {
  it('the sign-up code: the code large in the HTML and on its own in the text', async () => {
    const content: MailContent = {
      title: 'Verify your e-mail',
      intro: ['Hi there,', 'Enter this code:'],
      code: '042917',
    };
    const mail = keep('verification-code', await renderMail(content));
    bothSay(mail, 'Verify your e-mail', '042917');
    expect(mail.text).toMatch(/^042917$/m);
    expect(mail.html).toContain('letter-spacing:8px');
    expect(mail.text).not.toMatch(/unsubscribe/i);
  });

  it('the reset link: a button, and the address written out in both parts', async () => {
    const link = 'https://kujiya.sg/reset-password/AbC_123-xyz';
    const mail = keep(
      'reset-link',
      await renderMail({
        title: 'Reset your password',
        intro: ['Hi mia,'],
        action: { label: 'Reset password', url: link },
      }),
    );
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.text).toContain(`open this link: ${link}`);
    expect(mail.text).not.toMatch(/unsubscribe/i);
  });

  it('the order receipt: set, tickets, payment, total, prizes and the fairness receipt', async () => {
    const mail = keep('order-receipt', await renderTemplateMail({ template: 'orderReceipt', data: order }, env));
    bothSay(mail, 'Hi mia,', 'One Piece Vol. 3', '3 (1 free)', 'Card', '$24.00', order.orderId);
    bothSay(mail, 'Prizes won', 'Prize A (Luffy figure) x1', 'Prize E (Towel) x2', 'Fairness receipt');
    // The receipt in words, never its JSON: the head hash and each draw's hash, in both parts.
    bothSay(mail, `Head hash right after your draws: ${receipt.headHash}`);
    for (const entry of receipt.entries) bothSay(mail, `${entry.nonce}: ${entry.hash}`);
    for (const part of [mail.text, mail.html]) expect(part).not.toMatch(/\{"|&quot;setId/);
    // The button checks it at once; the written-out link is the set's fairness page (short enough to read).
    expect(mail.html).toContain('href="https://kujiya.sg/fairness/round-1?receipt=');
    expect(mail.text).toContain('open this link: https://kujiya.sg/fairness/round-1\n');
    expect(mail.text).not.toMatch(/unsubscribe/i);
  });

  it('a token order shows its total in tokens', async () => {
    const mail = await renderTemplateMail(
      { template: 'orderReceipt', data: { ...order, payment: 'token', total: 1500 } },
      env,
    );
    bothSay(mail, 'Tokens', '1,500 tokens');
  });

  it('a lottery set: entries at purchase, then the result with what was won', async () => {
    const entries = keep(
      'order-receipt-lottery-entries',
      await renderTemplateMail({ template: 'orderReceipt', data: { ...order, lottery: true, prizes: [] } }, env),
    );
    bothSay(entries, 'Your lottery entries are in', 'One Piece Vol. 3');
    expect(entries.text).not.toContain('Prizes won');
    expect(entries.text).not.toContain('Your prizes wait');
    const result = { ...order, lottery: true, stage: 'result' as const, prizes: ['Prize B (Zoro figure) x1'] };
    const won = keep(
      'order-receipt-lottery-result',
      await renderTemplateMail({ template: 'orderReceipt', data: result }, env),
    );
    bothSay(won, 'Your lottery result', 'The lottery has been drawn. Congratulations!', 'Prize B (Zoro figure) x1');
    const lost = await renderTemplateMail(
      { template: 'orderReceipt', data: { ...result, prizes: [], receipt: null } },
      env,
    );
    bothSay(lost, 'Unfortunately you did not win this time.');
    expect(lost.text).toContain('https://kujiya.sg/orders');
  });

  it('shipment booked: the courier, the air waybill and the tracking link', async () => {
    const data = {
      kind: 'shipmentBooked' as const,
      subject: 'Your parcel is booked: AWB123',
      message: 'Your parcel (2 prizes) is booked with easyparcel, air waybill AWB123.',
      url: '/track/AWB123',
      details: [
        { label: 'Air waybill', value: 'AWB123' },
        { label: 'Tracking', value: 'https://track.example/AWB123' },
      ],
    };
    const mail = keep('shipment-booked', await renderTemplateMail(notice(data), env));
    bothSay(mail, 'Your parcel is booked', 'AWB123', 'https://track.example/AWB123');
    expect(mail.html).toContain('Track your parcel');
    expect(mail.text).toContain('https://kujiya.sg/track/AWB123');
    expect(mail.text).not.toMatch(/unsubscribe/i);
  });

  it('self-collection booked: date, slot and address', async () => {
    const details = [
      { label: 'Reference', value: 'SC-1A2B3C4D' },
      { label: 'Date', value: 'Wed, 9 Dec' },
      { label: 'Slot', value: '3:00 pm (Singapore time)' },
      { label: 'Address', value: '1 Kuji Street, #01-01, Singapore 123456' },
    ];
    const data = { kind: 'collectionBooked' as const, subject: 'Self-collection booked', url: '/shipments', details };
    const mail = keep('collection-booked', await renderTemplateMail(notice(data), env));
    bothSay(mail, 'Your self-collection is booked', 'SC-1A2B3C4D', 'Wed, 9 Dec', '3:00 pm', '1 Kuji Street');
  });

  it('trade completed', async () => {
    const data = { kind: 'tradeCompleted' as const, subject: 'Your trade is complete', url: '/trade-history' };
    const mail = keep(
      'trade-completed',
      await renderTemplateMail(notice({ ...data, message: "You accepted ann's offer." }), env),
    );
    bothSay(mail, 'Trade completed', "You accepted ann's offer.");
    expect(mail.text).toContain('https://kujiya.sg/trade-history');
  });

  it('the optional kinds carry an unsubscribe link in both parts; the transactional ones never do', async () => {
    const optional = [
      ['forfeit-warning', 'forfeitWarning', 'ship-by reminder', 'Ship your prize before it is forfeited'],
      ['preorder-arrived', 'preorderArrived', 'pre-order arrived', 'Your pre-order has arrived'],
      ['set-opening', 'setOpening', 'set opening', 'A set you follow is opening'],
    ] as const;
    for (const [file, kind, what, title] of optional) {
      const mail = keep(file, await renderTemplateMail(notice({ kind, url: '/inventory' }), env, UNSUBSCRIBE(what)));
      bothSay(mail, title, `Unsubscribe from ${what} e-mails`);
      expect(mail.text).toContain('https://kujiya.sg/unsubscribe?token=u.k.mac');
      expect(mail.html).toContain('href="https://kujiya.sg/unsubscribe?token=u.k.mac"');
    }
    const plain = await renderTemplateMail(notice({ subject: 'Your payment is being refunded' }), env);
    expect(plain.html).not.toMatch(/unsubscribe/i);
    expect(plain.text).toContain('Your payment is being refunded');
  });

  it('the new sign-in: the device, where and when in Singapore time, and the devices page', async () => {
    const data = {
      username: 'mia',
      device: 'Chrome on Android',
      place: 'ipv4' as const,
      at: '2026-12-04T02:30:00.000Z',
    };
    const mail = keep('new-sign-in', await renderTemplateMail({ template: 'newSignIn', data }, env));
    bothSay(mail, 'New sign-in to your account', 'Hi mia,', 'Chrome on Android (Internet (IPv4))');
    // 02:30 UTC is 10:30 in Singapore (UTC+8).
    expect(mail.text).toMatch(/10:30\s?AM Singapore time/i);
    expect(mail.html).toContain('href="https://kujiya.sg/profile/devices"');
    expect(mail.text).toContain('https://kujiya.sg/profile/devices');
  });

  it('escapes what it is given; the text part carries no markup', async () => {
    const mail = await renderTemplateMail(notice({ subject: 'Hi <b>', message: 'Tom & "Jerry"' }), env);
    expect(mail.html).toContain('Hi &lt;b&gt;');
    expect(mail.html).not.toContain('<b>');
    expect(mail.text).toContain('Tom & "Jerry"');
    expect(mail.text).not.toMatch(/<(p|a|h1|table)\b|&amp;/);
  });
});
