/** The shop's colours (the web app's palette), inlined into every mail: mail clients drop style sheets. */
export const theme = {
  brand: '#e8344e',
  brandSoft: '#ffe3e8',
  ink: '#241a2e',
  inkSoft: '#6d6378',
  page: '#fff8f2',
  line: '#eadfea',
  font: "'Nunito','Segoe UI',Arial,sans-serif",
  mono: "'Courier New',Courier,monospace",
} as const;
