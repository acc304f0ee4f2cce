/**
 * Runs once when the Next server starts (next start, next dev): the TPP's configuration is read
 * and checked, the database opened and migrated, the bank connected. A wrong setting prints one
 * line naming the variable and stops the server.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // next build loads the server code too: no configuration, database or network then.
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { startTpp } = await import("./lib/tpp/start-tpp");
  await startTpp();
}
