// One thing of each chunk: importing it evaluates that whole chunk and nothing else (app/contract-steps.ts).
/** @public Kept so that importing this chunk evaluates the schema library (nothing reads it). */
export { ZodError } from 'zod';
export const loadSchemas = () => import('./schemas-step');
