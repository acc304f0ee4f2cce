import { defineConfig } from "drizzle-kit";

// Migrations of the TPP app's database, applied when the app starts (npm run tpp:migrations).
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/tpp/db/schema.ts",
  out: "./lib/tpp/db/migrations",
});
