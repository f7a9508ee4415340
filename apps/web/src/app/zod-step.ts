// Anything of zod: importing it evaluates zod's whole chunk, without its schemas (app/contract-steps.ts).
export { ZodError } from 'zod';
