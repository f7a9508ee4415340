/** Catalogue artwork is served at GET /api/images/{image} (spec 000 §7). */
export function imageUrl(image: string): string {
  if (image.startsWith('/') || /^https?:\/\//.test(image)) return image;
  return `/api/images/${encodeURIComponent(image)}`;
}
