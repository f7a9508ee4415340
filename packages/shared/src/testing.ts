// Fixtures for tests on both sides (never imported by shop code): `@kujiya/shared/testing`.
export * from './fairness/test-helpers.ts';
