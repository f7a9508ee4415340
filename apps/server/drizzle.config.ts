import { defineConfig } from 'drizzle-kit';

// Migrations are generated from every module's tables (`npm run db:generate`) and committed.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
