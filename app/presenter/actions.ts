"use server";

import { redirect } from "next/navigation";
import { getAspspContext } from "@/lib/tpp/aspsp/aspsp-context";
import { requireCurrentUser } from "@/lib/tpp/auth/get-current-user";
import { describeError } from "@/lib/tpp/describe-error";
import { needsSca } from "@/lib/tpp/errors";
import { redirectToBankForSca } from "@/lib/tpp/flows/redirect-to-bank-for-sca";
import type { PresenterState } from "@/lib/tpp/presenter/presenter-state";
import { prepareBasketStory } from "@/lib/tpp/presenter/prepare-basket-story";
import { getStoryProgress } from "@/lib/tpp/presenter/story-progress";
import { runRefreshNow } from "@/lib/tpp/refresh/app-refresh";
import { moveSandboxClock } from "@/lib/tpp/sandbox/move-sandbox-clock";
import { runScenario } from "@/lib/tpp/sandbox/run-scenario";
import { getSandboxContext, requireSandboxEnvironment } from "@/lib/tpp/sandbox/sandbox-context";

const RETURN_TO = "/presenter";

function problemOf(step: string, error: unknown): PresenterState {
  const display = describeError(error);
  if (display === undefined) throw error;
  const detail = display.tppMessages[0]?.text ?? display.summary;
  return { status: "problem", step, message: `${display.title}${detail === "" ? "" : `: ${detail}`}` };
}

/** Step "Sign three payments together": three payments sent and kept waiting, then the Payments page with them ticked. */
export async function prepareBasketStep(_previous: PresenterState, _data: FormData): Promise<PresenterState> {
  requireSandboxEnvironment();
  await requireCurrentUser(RETURN_TO);
  let prepared;
  try {
    prepared = await prepareBasketStory(await getAspspContext({ returnTo: RETURN_TO }));
  } catch (error) {
    if (needsSca(error)) await redirectToBankForSca(error, RETURN_TO);
    return problemOf("basket", error);
  }
  if (!prepared.ok) return { status: "problem", step: "basket", message: prepared.problem };
  redirect(`/payments?tick=${prepared.paymentIds.map(encodeURIComponent).join(",")}`);
}

/** Step "Read while the customer is away": the app's refresh now, then the overview of what it read. */
export async function readWhileAwayStep(_previous: PresenterState, _data: FormData): Promise<PresenterState> {
  requireSandboxEnvironment();
  const user = await requireCurrentUser(RETURN_TO);
  try {
    await runRefreshNow([user.id]);
  } catch (error) {
    return problemOf("away", error);
  }
  redirect("/#read-overview");
}

/** Step "Read while the customer is away", second part: the sandbox clock 170 days on, then the overview's renewal notice. */
export async function jumpToRenewalStep(_previous: PresenterState, _data: FormData): Promise<PresenterState> {
  requireSandboxEnvironment();
  await requireCurrentUser(RETURN_TO);
  try {
    await moveSandboxClock(await getSandboxContext(RETURN_TO), { advance: "P170D" });
  } catch (error) {
    return problemOf("away", error);
  }
  redirect("/");
}

/** Step "End of day": the sandbox clock to its next payment run, the run made, then the latest basket's page. */
export async function endOfDayStep(_previous: PresenterState, _data: FormData): Promise<PresenterState> {
  const user = await requireCurrentUser(RETURN_TO);
  try {
    await runScenario(await getSandboxContext(RETURN_TO), "end-of-day");
  } catch (error) {
    return problemOf("end-of-day", error);
  }
  const progress = await getStoryProgress(user);
  redirect(progress.basketPath ?? "/payments");
}
