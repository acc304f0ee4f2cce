/**
 * The body of POST /v1/sandbox/clock: set, advance, freeze or reset the sandbox clock. The
 * sandbox bank validates with it, and so does the TPP's sandbox control room.
 *
 * @see docs/interface/payments.md#batch-processing, docs/interface/sandbox-operations.md#clock-and-batch-runs
 */
import { z } from "zod";
import { durationMs } from "../time/duration";
import { formatError, validateIsoDateTime } from "../validation";
import { parseIsoDuration } from "./sandbox-duration";
import { addViolation, checkWith } from "./zod-checks";

/** The earliest and latest instants the sandbox clock may be set to. */
const EARLIEST = Date.parse("2000-01-01T00:00:00Z");
const LATEST = Date.parse("2100-01-01T00:00:00Z");
/** The longest single advance: ten years of days. */
export const MAX_SANDBOX_CLOCK_ADVANCE_DAYS = 3660;

const instantSchema = z.string().check(
  checkWith((value: string) => {
    const invalid = validateIsoDateTime(value);
    if (invalid) return invalid;
    const at = Date.parse(value);
    return at < EARLIEST || at >= LATEST ? formatError("must lie in the years 2000 to 2099") : undefined;
  }),
);

const durationSchema = z.string().check(
  checkWith((value: string) => {
    const milliseconds = parseIsoDuration(value);
    if (milliseconds === undefined) {
      return formatError(
        "must be an ISO 8601 duration of days, hours, minutes and seconds, e.g. PT1H, PT90M, P1D or P1DT2H (years, months and weeks are not accepted)",
      );
    }
    if (milliseconds <= 0) return formatError("must be longer than zero: the clock moves forward only by advance; set now to go back");
    if (milliseconds > durationMs({ days: MAX_SANDBOX_CLOCK_ADVANCE_DAYS }))
      return formatError(`must be at most P${MAX_SANDBOX_CLOCK_ADVANCE_DAYS}D`);
    return undefined;
  }),
);

/**
 * The body of POST /v1/sandbox/clock: exactly one move (`now`, `advance` or `reset`), or only
 * `frozen`; `frozen` may come with `now` or `advance`.
 *
 * @see docs/interface/sandbox-operations.md#sandbox-operations
 */
export const sandboxClockMoveSchema = z
  .strictObject({
    now: instantSchema
      .optional()
      .describe("Sets the clock to this ISO 8601 date-time with offset, e.g. 2026-03-02T05:00:00+01:00 (forward or back)"),
    advance: durationSchema
      .optional()
      .describe("Moves the clock forward by an ISO 8601 duration of days, hours, minutes and seconds: PT1H, PT90M, P1D, P1DT2H"),
    frozen: z
      .boolean()
      .optional()
      .describe(
        "true: the clock stands still (at the new time, with now or advance); false: it runs on. Alone: freezes or releases the clock where it is",
      ),
    reset: z.literal(true).optional().describe("true: back to the real time, running"),
  })
  .check((payload) => {
    const { now, advance, frozen, reset } = payload.value;
    const moves = (["now", "advance", "reset"] as const).filter((name) => payload.value[name] !== undefined);
    const second = moves[1];
    if (second !== undefined) {
      addViolation(payload, formatError(`cannot be combined with ${moves[0]}: give one of now, advance and reset`), [second]);
    }
    if (now === undefined && advance === undefined && reset === undefined && frozen === undefined) {
      addViolation(
        payload,
        formatError(
          'must hold now, advance, frozen or reset, e.g. {"advance":"PT1H"} or {"now":"2026-03-02T05:00:00+01:00","frozen":true}',
        ),
      );
    }
    if (reset !== undefined && frozen !== undefined) {
      addViolation(payload, formatError("cannot be combined with reset: reset returns to the real time, running"), ["frozen"]);
    }
  });

export type SandboxClockMoveInput = z.output<typeof sandboxClockMoveSchema>;
