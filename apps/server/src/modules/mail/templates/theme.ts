/** The shop's colours (the web app's palette), inlined into every mail: mail clients drop style sheets. */
export const theme = {
  brand: '#e8344e',
  /** Buttons and links: the web app's brand red, dark enough for white 16 px text (4.5:1). */
  brandStrong: '#dc2f4a',
  brandSoft: '#ffe3e8',
  ink: '#241a2e',
  inkSoft: '#6d6378',
  page: '#fff8f2',
  line: '#eadfea',
  font: "'Nunito','Segoe UI',Arial,sans-serif",
  mono: "'Courier New',Courier,monospace",
} as const;
