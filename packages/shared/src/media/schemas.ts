import { z } from 'zod';

/** The image types the shop stores (and takes as a profile picture), with the extension their names carry. */
export const IMAGE_TYPES = {
  'image/svg+xml': 'svg',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
} as const;
export type ImageContentType = keyof typeof IMAGE_TYPES;
export const IMAGE_CONTENT_TYPES = Object.keys(IMAGE_TYPES) as ImageContentType[];

export function isImageContentType(type: string): type is ImageContentType {
  return Object.hasOwn(IMAGE_TYPES, type.toLowerCase().split(';')[0]!.trim());
}

/** The profile form refuses any other file when it is chosen, naming the types the server takes. */
export const IMAGE_TYPE_MESSAGE = 'Please choose an SVG, PNG, JPEG or WebP image.';

/** A stored image's name: its content hash (32 hex digits) and extension. */
export const IMAGE_NAME_PATTERN = /^[0-9a-f]{32}\.(svg|png|jpg|webp)$/;
export const isImageName = (name: string) => IMAGE_NAME_PATTERN.test(name);

/** `/api/images/{image}` */
export const imageParamsSchema = z.object({ image: z.string().regex(IMAGE_NAME_PATTERN, 'Invalid image name') });

/** GET /api/images/{image}: the image bytes, typed by the name's extension. */
export const imageResponseSchema = z
  .any()
  .meta({ description: 'The image bytes (svg, png, jpg or webp)', format: 'binary' });
/** 304 to an `If-None-Match` of the image's ETag: no body. */
export const notModifiedSchema = z.null().meta({ description: 'Not modified (no body)' });
