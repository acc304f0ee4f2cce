import type { FastifyInstance } from "fastify";
import type { ZodOutputTypeProvider } from "../../plugins/route-validation";
import { ANY_TPP_ROLES } from "../../operation";
import { sandboxClockMoveSchema } from "../../../psd2/schemas/sandbox-clock";
import { sandboxBatchRunsReplySchema, sandboxClockMoveReplySchema, sandboxClockStateSchema } from "../../../psd2/schemas/sandbox-replies";
import { moveSandboxClock, readSandboxClock } from "../../services/clock/move-sandbox-clock";
import { noBodySchema, SANDBOX_CLOCK_TAG, SANDBOX_ERRORS } from "./sandbox-route-docs";
import { errorReplies, v1Route } from "../../openapi/v1-route";

const TAGS = [SANDBOX_CLOCK_TAG];
const operation = { roles: ANY_TPP_ROLES };

/**
 * The sandbox extensions for tests and demos: the sandbox clock (read, set, advance, freeze,
 * reset) and the payment batch processing on demand. Every time rule of the bank reads the
 * sandbox clock; a move of the clock runs the scheduled batch runs it passes.
 *
 * @see docs/interface/payments.md#batch-processing, docs/interface/sandbox-operations.md#sandbox-operations
 */
export async function sandboxClockRoutes(v1: FastifyInstance): Promise<void> {
  const routes = v1.withTypeProvider<ZodOutputTypeProvider>();
  const { clock, batchRuns } = v1.bank;

  routes.get(
    "/sandbox/clock",
    v1Route(operation, {
      summary: "Read the sandbox clock",
      description:
        "The sandbox time and date (Europe/Oslo), whether the clock stands still, its offset from the real time, and the batch schedule.",
      tags: TAGS,
      responses: { 200: { description: "The clock", schema: sandboxClockStateSchema }, ...errorReplies(SANDBOX_ERRORS, 400, 403) },
    }),
    async () => readSandboxClock({ clock, batchRuns }),
  );

  routes.post(
    "/sandbox/clock",
    v1Route(operation, {
      summary: "Set, advance, freeze or reset the sandbox clock",
      description:
        'One move per request: {"now":"2026-03-02T05:00:00+01:00"} sets the time (forward, or back by at most five years from the real time: the CA, the seal and the portal certificates cover that far), {"advance":"PT1H"} moves it forward by an ISO 8601 duration of days, hours, minutes and seconds (P1D, PT90M, P1DT2H), {"frozen":true} stops it where it is (false releases it), {"reset":true} returns to the real time, running. frozen may come with now or advance; without it the clock stays running or frozen as it was. The batch runs the move passes (06:00, 09:00, 12:00, 15:00 and 19:00 Europe/Oslo) run before the reply, which lists them.',
      tags: TAGS,
      body: sandboxClockMoveSchema,
      responses: {
        200: { description: "The clock after the move, and the batch runs it ran", schema: sandboxClockMoveReplySchema },
        ...errorReplies(SANDBOX_ERRORS, 400, 403),
      },
    }),
    async (request) => moveSandboxClock({ clock, batchRuns }, request.body),
  );

  routes.post(
    "/sandbox/batch-runs",
    v1Route(operation, {
      summary: "Run the payment batch processing now",
      description:
        "Runs the scheduled batch runs that are due, then one run at the current sandbox time (all payments except periodic ones, supplement §5). No body (or {}). The reply lists each run with what each processor did.",
      tags: TAGS,
      body: noBodySchema,
      responses: {
        200: { description: "The runs that ran", schema: sandboxBatchRunsReplySchema },
        ...errorReplies(SANDBOX_ERRORS, 400, 403),
      },
    }),
    async () => {
      const outcome = await batchRuns.runNow();
      return { now: outcome.runs.at(-1)?.runAt ?? clock.now().toISOString(), ...outcome };
    },
  );
}
