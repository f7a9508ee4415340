import { z } from 'zod';

/** GET /api/openapi.json: an OpenAPI 3.1 document (its full shape is the OpenAPI standard's own). */
export const openApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string() }),
  paths: z.record(z.string(), z.unknown()),
});
