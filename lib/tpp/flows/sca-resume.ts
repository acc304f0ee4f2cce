import { sealData, unsealData } from "iron-session";
import { z } from "zod";
import { safeReturnPath } from "./safe-return-path";

/** As long as the bank's scaRedirect link lives (docs/interface/sca-and-consent.md#sca-sessions-consent-and-context: single use, 15 minutes). */
export const SCA_RESUME_TTL_SECONDS = 15 * 60;

const scaResumeSchema = z.object({
  userId: z.string().min(1),
  scaRedirect: z.string().url(),
  tppSessionId: z.string().min(1),
  /** The flow of the call that met the 401 (the `flow` of its TPP-Redirect-URI). */
  flowId: z.string().min(1).max(64).optional(),
  returnTo: z.string(),
});

/** A bank's 401 met while a page rendered: its scaRedirect, for the user to follow and come back. */
export type ScaResume = z.output<typeof scaResumeSchema>;

/**
 * Seals a 401's scaRedirect for the trip through /connect (a page cannot write the cookie the
 * callback checks; the /connect Route Handler can). Sealed with the session secret, so /connect
 * never sends the browser to a URL that did not come from the bank's reply: no open redirect.
 */
export function sealScaResume(resume: ScaResume, password: string): Promise<string> {
  return sealData({ ...resume, returnTo: safeReturnPath(resume.returnTo) }, { password, ttl: SCA_RESUME_TTL_SECONDS });
}

/** The sealed resume when it is intact, not expired and the user's; undefined otherwise. */
export async function unsealScaResume(sealed: string, userId: string, password: string): Promise<ScaResume | undefined> {
  let data: unknown;
  try {
    data = await unsealData(sealed, { password, ttl: SCA_RESUME_TTL_SECONDS });
  } catch {
    return undefined;
  }
  const parsed = scaResumeSchema.safeParse(data);
  if (!parsed.success || parsed.data.userId !== userId) return undefined;
  return { ...parsed.data, returnTo: safeReturnPath(parsed.data.returnTo) };
}
