import {
  DEVICES_PATH,
  NEW_SIGN_IN_MAIL_SUBJECT,
  formatCents,
  formatSgDateTime,
  receiptVerifyPath,
  sessionPlaceLabels,
  type SessionPlace,
  type FairnessReceipt,
  type NotificationKind,
  type OptionalMailKind,
} from '@kujiya/shared';
import type { MailContent } from './content.ts';

/** Where a mail's links point: the shop's public address. */
export interface MailEnv {
  publicUrl: string;
}

/** A row of label and value a notice mail shows (a booking's date, slot and address). */
export type MailDetail = { label: string; value: string };

/** Any notice's e-mail copy (`notify({email})`): the sentence, and per kind a heading, rows and a button. */
export interface NoticeMailData {
  username: string;
  subject: string;
  message: string;
  kind?: NotificationKind;
  /** The screen the button opens: a path (`/inventory`) or a full address (a courier's tracking page). */
  url?: string;
  details?: MailDetail[];
}

/** An order's receipt: at purchase, and for a lottery set again with the result (stage `result`). */
export interface OrderReceiptMailData {
  username: string;
  orderId: string;
  setName: string;
  tickets: number;
  paidTickets: number;
  payment: 'token' | 'card';
  /** Cents for a card order, tokens for a token order. */
  total: number;
  lottery: boolean;
  stage: 'purchase' | 'result';
  /** What the order won, as readable lines ("Prize A · Luffy figure x1"); empty before a lottery's draw. */
  prizes: string[];
  receipt: FairnessReceipt | null;
}

/** A login from a device the account had not used (docs/rules/accounts.md, "Sessions and devices"). */
export interface NewSignInMailData {
  username: string;
  /** The device as the devices page names it ("Chrome on Android"). */
  device: string;
  place: SessionPlace;
  /** When it signed in, an ISO 8601 instant (the queue keeps JSON). */
  at: string;
}

/** Every template and the data it is rendered from (stored as JSON in the mail queue). */
export interface MailTemplates {
  notice: NoticeMailData;
  orderReceipt: OrderReceiptMailData;
  newSignIn: NewSignInMailData;
}
export type MailTemplateName = keyof MailTemplates;

/** A mail named by its template and data, rendered when it is delivered. */
export type TemplateMail = {
  [N in MailTemplateName]: { template: N; data: MailTemplates[N] };
}[MailTemplateName];

interface Template<D> {
  subject(data: D): string;
  content(data: D, env: MailEnv): MailContent;
}

/** The shop's address for a path; full addresses (a courier's page) are kept. */
const link = (env: MailEnv, url: string) => (/^https?:\/\//.test(url) ? url : `${env.publicUrl}${url}`);

/** What each notice kind's mail calls itself, and its button. */
const NOTICE_LOOK: Partial<Record<NotificationKind, { title: string; button: string }>> = {
  setOpening: { title: 'A set you follow is opening', button: 'See the set' },
  preorderArrived: { title: 'Your pre-order has arrived', button: 'Ship or collect it' },
  forfeitWarning: { title: 'Ship your prize before it is forfeited', button: 'Open your inventory' },
  shipmentBooked: { title: 'Your parcel is booked', button: 'Track your parcel' },
  parcelShipped: { title: 'Your parcel is on its way', button: 'Track your parcel' },
  collectionBooked: { title: 'Your self-collection is booked', button: 'See your collection' },
  tradeCompleted: { title: 'Trade completed', button: 'Open your inventory' },
  tradeOffer: { title: 'Your trade', button: 'Open your trades' },
};

/** What an optional kind is called in its unsubscribe link and on the unsubscribe page. */
export const OPTIONAL_MAIL_LABELS: Record<OptionalMailKind, string> = {
  setOpening: 'set opening',
  preorderArrived: 'pre-order arrived',
  forfeitWarning: 'ship-by reminder',
  parcelShipped: 'parcel shipped',
};

const notice: Template<NoticeMailData> = {
  subject: (d) => d.subject,
  content(d, env) {
    const look = d.kind ? NOTICE_LOOK[d.kind] : undefined;
    return {
      title: look?.title ?? d.subject,
      intro: [`Hi ${d.username},`, d.message],
      details: d.details,
      action: { label: look?.button ?? 'Open Kujiya', url: link(env, d.url ?? '/') },
      outro: ['You can also find this message under the bell on Kujiya.'],
    };
  },
};

const money = (d: OrderReceiptMailData) =>
  d.payment === 'card' ? formatCents(d.total) : `${d.total.toLocaleString('en-SG')} tokens`;

const DRAW_KIND: Record<FairnessReceipt['entries'][number]['domain'], string> = {
  ticket: 'Ticket',
  lottery: 'Lottery pick',
  double: 'Double chance pick',
};

/**
 * The receipt as the mail keeps it, in words (never its JSON, which reads as noise in a mail): the
 * head hash and each draw's hash. The button carries the whole receipt to the fairness page, and the
 * order's page on Kujiya copies it (docs/rules/fairness.md).
 */
const receiptLines = (receipt: FairnessReceipt) => [
  `Head hash right after your draws: ${receipt.headHash}`,
  ...receipt.entries.map((entry) => `${DRAW_KIND[entry.domain]} ${entry.nonce}: ${entry.hash}`),
];

function prizeSection(d: OrderReceiptMailData): Pick<MailContent, 'list' | 'intro'> {
  if (d.lottery && d.stage === 'purchase')
    return {
      intro: ['Your lottery entries are in. The prizes are drawn when the set sells out; we will e-mail the result.'],
    };
  if (d.prizes.length === 0)
    return {
      intro: [
        d.lottery ? 'The lottery has been drawn. Unfortunately you did not win this time.' : 'No prize this time.',
      ],
    };
  return {
    intro: [d.lottery ? 'The lottery has been drawn. Congratulations!' : 'Your tickets are drawn. Congratulations!'],
    list: { heading: 'Prizes won', items: d.prizes },
  };
}

const orderReceipt: Template<OrderReceiptMailData> = {
  subject: (d) => (d.stage === 'result' ? `Your ${d.setName} lottery result` : `Your Kujiya receipt: ${d.setName}`),
  content(d, env) {
    const free = d.tickets - d.paidTickets;
    const prizes = prizeSection(d);
    return {
      title: d.stage === 'result' ? 'Your lottery result' : 'Thank you for your order',
      intro: [`Hi ${d.username},`, ...prizes.intro],
      details: [
        { label: 'Set', value: d.setName },
        { label: 'Tickets', value: free > 0 ? `${d.tickets} (${free} free)` : String(d.tickets) },
        { label: 'Payment', value: d.payment === 'card' ? 'Card' : 'Tokens' },
        { label: 'Total', value: money(d) },
        { label: 'Order', value: d.orderId },
      ],
      list: prizes.list,
      action: d.receipt
        ? {
            label: 'Check the draw',
            url: link(env, receiptVerifyPath(d.receipt)),
            written: link(env, `/fairness/${encodeURIComponent(d.receipt.setId)}`),
          }
        : { label: 'See your orders', url: link(env, '/orders') },
      keep: d.receipt
        ? {
            heading: 'Fairness receipt',
            note: 'Keep this mail: "Check the draw" shows your draws are in the set\'s published log. The order on Kujiya keeps the same receipt to copy.',
            lines: receiptLines(d.receipt),
          }
        : undefined,
      outro: d.prizes.length > 0 ? ['Your prizes wait in your inventory until you ship or collect them.'] : [],
    };
  },
};

const newSignIn: Template<NewSignInMailData> = {
  subject: () => NEW_SIGN_IN_MAIL_SUBJECT,
  content: (d, env) => ({
    title: 'New sign-in to your account',
    intro: [
      `Hi ${d.username},`,
      `Your Kujiya account was just signed in to from a device it had not used before: ${d.device} (${sessionPlaceLabels[d.place]}), on ${formatSgDateTime(new Date(d.at))} Singapore time.`,
      'If this was you, there is nothing to do. If not, log that device out and reset your password:',
    ],
    action: { label: 'See your devices', url: link(env, DEVICES_PATH) },
    outro: ['A password reset also signs every device out.'],
  }),
};

const TEMPLATES: { [N in MailTemplateName]: Template<MailTemplates[N]> } = {
  notice,
  orderReceipt,
  newSignIn,
};

export const subjectOf = (mail: TemplateMail): string =>
  (TEMPLATES[mail.template] as Template<unknown>).subject(mail.data);

export const contentOf = (mail: TemplateMail, env: MailEnv): MailContent =>
  (TEMPLATES[mail.template] as Template<unknown>).content(mail.data, env);
