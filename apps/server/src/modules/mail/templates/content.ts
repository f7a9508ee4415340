/**
 * What a mail says, before it is laid out: a heading, short paragraphs and optional highlighted parts.
 * Every mail kind builds one of these (kinds.ts); `MailFrame` lays it out as HTML and the plain text is
 * read from that same HTML (render.ts), so the two parts never disagree.
 */
export interface MailContent {
  /** Big heading, also used as the preview line. */
  title: string;
  /** Paragraphs before the highlight. */
  intro: string[];
  /** A code shown large (e.g. the verification code). */
  code?: string;
  /** Label and value rows: an order's set, tickets and total, a booking's date, slot and address. */
  details?: ReadonlyArray<{ label: string; value: string }>;
  /** A titled list, such as the prizes won. */
  list?: { heading: string; items: readonly string[] };
  /**
   * A call-to-action button; the link is also written out for mail clients that hide buttons (and in
   * the text part): `written` when the button's own address is too long to read (a receipt check).
   */
  action?: { label: string; url: string; written?: string };
  /** A block kept verbatim in a monospace box (the fairness receipt), with a heading and a note. */
  keep?: { heading: string; note: string; lines: readonly string[] };
  /** Paragraphs after the highlight. */
  outro?: string[];
  /** Optional mails only: the one-click unsubscribe link and the kind it switches off. */
  unsubscribe?: { url: string; what: string };
}

export interface RenderedMail {
  text: string;
  html: string;
}
