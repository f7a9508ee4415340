// The contract between server and web: payload schemas, their types, and the pure rules both need.
export * from './money.ts';
export * from './common/ids.ts';
export * from './catalogue/schemas.ts';
export * from './catalogue/rules.ts';
export * from './catalogue/product-inputs.ts';
export * from './fairness/draw.ts';
export * from './fairness/engine.ts';
export * from './fairness/schemas.ts';
export * from './fairness/verdict.ts';
export * from './accounts/schemas.ts';
export * from './accounts/policies.ts';
export * from './payments/schemas.ts';
export * from './tokens/schemas.ts';
export * from './orders/schemas.ts';
export * from './orders/rules.ts';
export * from './engagement/schemas.ts';
export * from './media/schemas.ts';
