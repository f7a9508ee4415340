import { z } from 'zod';
import { errorCodeValues } from './error-codes.ts';

/** One of the API's error codes (docs/rules/errors.md). */
const errorCodeSchema = z.enum(errorCodeValues);

/**
 * Every error answer: the user-facing `message` and its `code` (docs/rules/errors.md). Some carry
 * more fields (`ticketsLeft`, `holdTimeLeft`, `tokensNeeded`, ...), so the object is open.
 */
export const errorBodySchema = z.looseObject({ message: z.string(), code: errorCodeSchema });
