import { safeReturnPath } from "./safe-return-path";

/**
 * The app's path that starts an SCA at the bank and comes back to `returnTo` (the /connect route).
 * `identify`: the SCA only identifies the PSU (GET /v1/users); `newPsu`: any customer may log in;
 * `resume`: a sealed 401 scaRedirect to follow instead of starting a consent (see sca-resume.ts).
 */
export function connectPathFor(
  returnTo: string,
  options: { purpose?: "consent" | "identify"; newPsu?: boolean; resume?: string } = {},
): string {
  const query = new URLSearchParams({ returnTo: safeReturnPath(returnTo) });
  if (options.resume !== undefined) query.set("resume", options.resume);
  if (options.purpose === "identify") query.set("purpose", "identify");
  if (options.newPsu === true) query.set("newPsu", "1");
  return `/connect?${query.toString()}`;
}
