import { z } from 'zod';

/** A stored image's name: its content hash (32 hex digits) and extension. */
export const IMAGE_NAME_PATTERN = /^[0-9a-f]{32}\.(svg|png|jpg|webp)$/;
export const isImageName = (name: string) => IMAGE_NAME_PATTERN.test(name);

/** `/api/images/{image}` */
export const imageParamsSchema = z.object({ image: z.string().regex(IMAGE_NAME_PATTERN, 'Invalid image name') });

/** GET /api/images/{image}: the image bytes, typed by the name's extension. */
export const imageResponseSchema = z.any().meta({ description: 'The image bytes (svg, png, jpg or webp)', format: 'binary' });
/** 304 to an `If-None-Match` of the image's ETag: no body. */
export const notModifiedSchema = z.null().meta({ description: 'Not modified (no body)' });
