import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { toPlainText } from '@react-email/render';
import type { MailContent, RenderedMail } from './content.ts';
import { MailFrame } from './frame.tsx';

const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * Lays a mail out as HTML with the shop's frame and reads its plain-text part from that HTML, so both
 * say the same. Synchronous (static markup, no Suspense): callers that build a mail on the spot
 * (`renderMail`) need no await; queued mails are rendered by the delivery job, outside transactions.
 */
export function renderContent(content: MailContent): RenderedMail {
  const html = DOCTYPE + renderToStaticMarkup(createElement(MailFrame, { content }));
  const text = toPlainText(html, {
    wordwrap: false,
    // The library's selectors skip the hidden preview line and write each link's address after its words.
    selectors: [
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'h2', options: { uppercase: false } },
    ],
  });
  return { html, text };
}
