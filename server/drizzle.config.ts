import { defineConfig } from 'drizzle-kit';

/** drizzle-kit generates the committed SQL migrations in ./drizzle from the schema. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
