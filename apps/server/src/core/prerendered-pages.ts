import fs from 'node:fs';

/** A page the web build rendered to HTML (apps/web/scripts/prerender.mjs): its first screen and its title. */
export interface PrerenderedPage {
  html: string;
  title: string | null;
}

/** The build's prerendered pages by path (none when the build wrote no prerendered.json). */
export function readPrerendered(file: string): Map<string, PrerenderedPage> {
  if (!fs.existsSync(file)) return new Map();
  return new Map(Object.entries(JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, PrerenderedPage>));
}

/** A value for a double-quoted HTML attribute (the document's hints and the prerendered page's script). */
export const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A prerendered page's stylesheets, linked outright: its markup paints before any script could add them. */
export function prerenderedStyles(styles: string[]): string {
  return styles.map((href) => `<link rel="stylesheet" crossorigin href="${escapeAttribute(href)}">`).join('');
}

/**
 * The document of a prerendered page (docs/performance.md): its markup inside `#root`, its own title,
 * and no script but paint-first.js (apps/web/public), which starts the entry and the page's chunks
 * once that markup has painted: on a slow connection the page's text and styles then come first, and
 * the first paint never waits for the app's scripts to download or run. `#root` is `inert` (and
 * `aria-disabled`) until the app has rendered over it (paint-first.js lifts both): a form typed into
 * before its script runs must not submit itself, with its fields in the address.
 */
export function withPrerenderedPage(document: string, page: PrerenderedPage, chunks: string[]): string {
  const withTitle = page.title
    ? document.replace(/<title>[^<]*<\/title>/, `<title>${escapeText(page.title)}</title>`)
    : document;
  return withTitle
    .replace(
      /<script type="module"(?: crossorigin)? src="([^"]+)"><\/script>/,
      (_tag, entry: string) =>
        `<script type="module" src="/paint-first.js" data-entry="${escapeAttribute(entry)}" data-chunks="${escapeAttribute(chunks.join(' '))}"></script>`,
    )
    .replace('<div id="root"></div>', () => `<div id="root" inert aria-disabled="true">${page.html}</div>`);
}
