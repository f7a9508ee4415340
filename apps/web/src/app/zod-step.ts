// One thing of each chunk: importing it evaluates that whole chunk and nothing else (app/contract-steps.ts).
export { ZodError } from 'zod';
export const loadSchemas = () => import('./schemas-step');
