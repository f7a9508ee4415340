import { imageNameOf } from '../media/service.ts';

/** The picture of every shopper who has not uploaded one: a friendly silhouette in the shop's colours. */
export const DEFAULT_PROFILE_PICTURE_SVG = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">` +
    `<rect width="256" height="256" rx="128" fill="#ffe3e8"/>` +
    `<circle cx="128" cy="100" r="48" fill="#e8344e"/>` +
    `<path d="M40 220c10-46 46-72 88-72s78 26 88 72a128 128 0 0 1-176 0z" fill="#e8344e"/>` +
    `</svg>`,
);

/** Its content-addressed image name (stored on start through the media service). */
export const DEFAULT_PROFILE_PICTURE = imageNameOf(DEFAULT_PROFILE_PICTURE_SVG, 'image/svg+xml');
