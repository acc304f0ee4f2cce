import { defineConfig } from "drizzle-kit";

// Migrations of the sandbox bank's database, applied when the bank starts.
export default defineConfig({
  dialect: "postgresql",
  schema: "./lib/bank/db/schema.ts",
  out: "./lib/bank/db/migrations",
});
