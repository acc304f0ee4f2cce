import { connectPathFor } from "../flows/connect-path";

/** The confirmation page (/connect/confirm) for what connectPathFor's /connect address would start. */
export function connectConfirmationPathFor(returnTo: string, options: Parameters<typeof connectPathFor>[1] = {}): string {
  return connectPathFor(returnTo, options).replace(/^\/connect\?/, "/connect/confirm?");
}
