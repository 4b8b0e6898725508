import { defineConfig } from 'drizzle-kit';

// Migrations are generated from db/schema.ts with `npm run db:generate` and applied at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema.ts',
  out: './db/migrations',
});
