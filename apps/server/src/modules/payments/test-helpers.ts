// Test helpers other modules' tests may use: the built-in test gateway (the default outside production).
export { TestGateway } from './test-gateway.ts';
