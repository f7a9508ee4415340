// Anything of the storefront's schemas: importing it evaluates their chunk, without the shared lib (app/contract-steps.ts).
export { productListingSchema } from '@kujiya/shared';
