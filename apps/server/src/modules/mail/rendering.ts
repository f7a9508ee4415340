import type { AppContext } from '../../core/context.ts';
import type { MailMessage, QueuedMail } from './service.ts';
import type { MailContent, RenderedMail } from './templates/content.ts';
import { OPTIONAL_MAIL_LABELS, contentOf, type MailEnv, type TemplateMail } from './templates/kinds.ts';
import type { UnsubscribeTokens } from './unsubscribe.ts';

/**
 * React Email and React's server renderer, loaded at the first mail rendered: seconds of every import
 * of the app otherwise (each test file). A server process loads it before it listens (server.ts).
 */
export const loadMailRenderer = () => import('./templates/render.ts');
const renderer = loadMailRenderer;

/** Lays out any mail content in the shop's frame, as HTML and text (for modules that write their own mails). */
export async function renderMail(content: MailContent): Promise<RenderedMail> {
  return (await renderer()).renderContent(content);
}

/** The one-click unsubscribe of an optional mail: the footer link (web page) and the RFC 8058 headers. */
async function unsubscribeParts(ctx: AppContext, tokens: UnsubscribeTokens, mail: QueuedMail) {
  if (!mail.unsubscribeUserId || !mail.unsubscribeKind) return null;
  const token = encodeURIComponent(await tokens.sign({ userId: mail.unsubscribeUserId, kind: mail.unsubscribeKind }));
  const base = ctx.config.publicUrl;
  return {
    link: { url: `${base}/unsubscribe?token=${token}`, what: OPTIONAL_MAIL_LABELS[mail.unsubscribeKind] },
    headers: {
      'List-Unsubscribe': `<${base}/api/mail/unsubscribe?token=${token}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** A templated mail laid out in the frame, with an optional mail's unsubscribe link in its footer. */
export async function renderTemplateMail(
  mail: TemplateMail,
  env: MailEnv,
  unsubscribe?: MailContent['unsubscribe'],
): Promise<RenderedMail> {
  const content = contentOf(mail, env);
  if (unsubscribe) content.unsubscribe = unsubscribe;
  return (await renderer()).renderContent(content);
}

/** A queued mail as it is sent: kept parts, or its template rendered now (the delivery job, no transaction). */
export async function renderQueued(ctx: AppContext, tokens: UnsubscribeTokens, mail: QueuedMail): Promise<MailMessage> {
  if (!mail.template) return { to: mail.to, subject: mail.subject, text: mail.text ?? '', html: mail.html ?? '' };
  const unsubscribe = await unsubscribeParts(ctx, tokens, mail);
  const rendered = await renderTemplateMail(
    { template: mail.template, data: mail.data } as TemplateMail,
    { publicUrl: ctx.config.publicUrl },
    unsubscribe?.link,
  );
  return { to: mail.to, subject: mail.subject, ...rendered, ...(unsubscribe ? { headers: unsubscribe.headers } : {}) };
}
