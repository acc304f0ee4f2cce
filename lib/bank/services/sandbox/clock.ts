/** What the sandbox services read of the sandbox clock (SandboxClock satisfies it; tests pass a fixed one). */
export type Clock = {
  now(): Date;
  /** Today's date (YYYY-MM-DD) in Europe/Oslo. */
  today(): string;
};
