import { z } from 'zod';

/**
 * The one schema of a resource id in a path or payload. A malformed id is a 400 with the field named
 * ("Invalid setId"), the same answer on every route.
 */
export const idSchema = (field: string) => z.uuid(`Invalid ${field}`);

/** `/…/:setId` */
export const setIdParamsSchema = z.object({ setId: idSchema('setId') });
/** `/…/:orderId` */
export const orderIdParamsSchema = z.object({ orderId: idSchema('orderId') });
/** `/…/:id` */
export const idParamsSchema = z.object({ id: idSchema('id') });
/** `/…/:setId/:productId` */
export const setAndProductIdParamsSchema = z.object({ setId: idSchema('setId'), productId: idSchema('productId') });

/** An answer that only says the call worked (`{ success: true }`). */
export const successResponseSchema = z.object({ success: z.literal(true) });
export type SuccessResponse = z.infer<typeof successResponseSchema>;

/**
 * Anything that only carries a message (success texts). Here, not with the accounts schemas, so the
 * web app's logout takes it without the accounts module and its country table (docs/performance.md).
 */
export const messageResponseSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
