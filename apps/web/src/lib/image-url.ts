/** Catalogue artwork is served at GET /api/images/{image} (docs/rules/catalogue.md). */
export function imageUrl(image: string): string {
  if (image.startsWith('/') || /^https?:\/\//.test(image)) return image;
  return `/api/images/${encodeURIComponent(image)}`;
}
