// The only script of a prerendered page's document (apps/server/src/core/prerendered-pages.ts,
// docs/performance.md): once the browser has painted the page's markup, it starts the page's chunks
// and the app's entry, so on a slow connection the text and styles come first.
const boot = document.querySelector('script[data-entry]');
const root = document.getElementById('root');
// The markup is inert (and marked disabled for assistive technology and test tools) until the app's
// first commit replaces it: a form typed into before its script runs would submit its fields in the
// address, and what is typed there would be lost.
new MutationObserver((_changes, observer) => {
  observer.disconnect();
  root.inert = false;
  root.removeAttribute('aria-disabled');
}).observe(root, { childList: true });
let started = false;
function start() {
  if (started) return;
  started = true;
  for (const href of boot.dataset.chunks.split(' ').filter(Boolean)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  import(boot.dataset.entry);
}
// The first contentful paint is reported once that frame is on screen. A page opened in the
// background paints nothing until shown, and a browser that does not report paints has the timer.
new PerformanceObserver(start).observe({ type: 'paint', buffered: true });
if (document.visibilityState === 'hidden') start();
setTimeout(start, 1500);
