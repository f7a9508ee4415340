/** Catalogue artwork is served at GET /api/images/{image}; full paths and URLs pass through. */
export function imageUrl(image: string): string {
  if (image.startsWith('/') || /^https?:\/\//.test(image)) return image;
  return `/api/images/${encodeURIComponent(image)}`;
}
