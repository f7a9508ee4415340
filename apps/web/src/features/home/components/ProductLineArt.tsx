/**
 * Decorative artwork for the two product-line banners on home: static files (public/art), so their
 * markup is not script on the first paint of `/` (docs/performance.md).
 */
export function KujiBoxArt() {
  return <img className="line-banner__art" src="/art/kuji-box.svg" alt="" width={140} height={140} />;
}

export function BlindBoxArt() {
  return <img className="line-banner__art" src="/art/blind-box.svg" alt="" width={140} height={140} />;
}
