/**
 * The branded frame every Kujiya mail uses, as plain text and HTML. Mails are built from short
 * paragraphs plus optional highlighted parts (a code or a button), all escaped here.
 */
export interface MailContent {
  /** Big heading, also used as the preview line. */
  title: string;
  /** Paragraphs before the highlight. */
  intro: string[];
  /** A code shown large (e.g. the verification code). */
  code?: string;
  /** A call-to-action button; the link is also written out for mail clients that hide buttons. */
  action?: { label: string; url: string };
  /** Paragraphs after the highlight. */
  outro?: string[];
}

export interface RenderedMail {
  text: string;
  html: string;
}

const BRAND = '#e8344e';
const INK = '#241a2e';
const INK_SOFT = '#6d6378';
const PAGE = '#fff8f2';

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const paragraph = (value: string) =>
  `<p style="margin:0 0 16px;font-size:16px;line-height:1.5;color:${INK};">${escapeHtml(value)}</p>`;

export function renderMail(content: MailContent): RenderedMail {
  const textParts = [content.title, '', ...content.intro.flatMap((p) => [p, ''])];
  if (content.code) textParts.push(`    ${content.code}`, '');
  if (content.action) textParts.push(`${content.action.label}: ${content.action.url}`, '');
  for (const p of content.outro ?? []) textParts.push(p, '');
  textParts.push('-- ', 'Kujiya · Ichiban Kuji online, Singapore');
  const text = textParts.join('\n');

  const code = content.code
    ? `<div style="margin:8px 0 24px;padding:16px;border-radius:12px;background:#ffe3e8;text-align:center;font-size:32px;font-weight:800;letter-spacing:8px;color:${INK};font-family:'Courier New',monospace;">${escapeHtml(content.code)}</div>`
    : '';
  const action = content.action
    ? `<div style="margin:8px 0 24px;text-align:center;"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:14px 28px;border-radius:999px;background:${BRAND};color:#ffffff;font-weight:800;font-size:16px;text-decoration:none;">${escapeHtml(content.action.label)}</a></div>` +
      `<p style="margin:0 0 16px;font-size:13px;line-height:1.5;color:${INK_SOFT};word-break:break-all;">If the button does not work, open this link: <a href="${escapeHtml(content.action.url)}" style="color:${BRAND};">${escapeHtml(content.action.url)}</a></p>`
    : '';

  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(content.title)}</title></head>
<body style="margin:0;padding:0;background:${PAGE};font-family:'Nunito','Segoe UI',Arial,sans-serif;">
<div style="display:none;max-height:0;overflow:hidden;">${escapeHtml(content.title)}</div>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${PAGE};padding:24px 12px;">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:480px;background:#ffffff;border-radius:20px;overflow:hidden;box-shadow:0 4px 14px rgba(36,26,46,0.1);">
<tr><td style="background:${BRAND};padding:20px 24px;color:#ffffff;font-size:24px;font-weight:800;letter-spacing:1px;">Kujiya <span style="font-size:14px;font-weight:600;opacity:0.9;">Ichiban Kuji</span></td></tr>
<tr><td style="padding:28px 24px 8px;">
<h1 style="margin:0 0 16px;font-size:22px;line-height:1.3;color:${INK};">${escapeHtml(content.title)}</h1>
${content.intro.map(paragraph).join('\n')}
${code}${action}
${(content.outro ?? []).map(paragraph).join('\n')}
</td></tr>
<tr><td style="padding:16px 24px 24px;font-size:12px;line-height:1.5;color:${INK_SOFT};border-top:1px solid #eadfea;">Kujiya · Ichiban Kuji online, Singapore. You received this e-mail because of an action on kujiya.sg.</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`;
  return { text, html };
}
