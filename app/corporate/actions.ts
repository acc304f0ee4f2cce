"use server";

import { redirect } from "next/navigation";
import { z } from "zod";
import { getAspspContext } from "@/lib/tpp/aspsp/aspsp-context";
import { connectPathFor } from "@/lib/tpp/flows/connect-path";
import { needsSca } from "@/lib/tpp/errors";
import { redirectToBankForSca } from "@/lib/tpp/flows/redirect-to-bank-for-sca";
import { selectCorporateAgreement } from "@/lib/tpp/flows/select-corporate-agreement";
import { getAgreements } from "@/lib/tpp/psu/get-agreements";

const agreementForm = z.object({ psuCorporateId: z.string().trim().min(1).max(128) });

/**
 * Acts for one of the PSU's agreements: its id becomes the PSU-Corporate-ID, and a new consent
 * starts in it at the bank (without the agreement choice), returning to the accounts.
 * @see docs/interface/authentication.md#contexts
 */
export async function actForAgreement(formData: FormData): Promise<void> {
  const parsed = agreementForm.safeParse({ psuCorporateId: formData.get("psuCorporateId") });
  if (!parsed.success) redirect("/corporate?problem=agreement");
  let agreements;
  try {
    agreements = await getAgreements(await getAspspContext({ returnTo: "/corporate" }));
  } catch (error) {
    if (needsSca(error)) await redirectToBankForSca(error, "/corporate");
    throw error;
  }
  // Only an agreement the bank lists for this PSU, never an id from the form as it came.
  const agreement = agreements.find((a) => a.psuCorporateId === parsed.data.psuCorporateId);
  if (agreement === undefined) redirect("/corporate?problem=agreement");
  await selectCorporateAgreement(agreement);
  redirect(connectPathFor("/accounts"));
}

/** Back to the private context: no PSU-Corporate-ID on the next calls, and a new consent for the private accounts. */
export async function actAsPrivate(): Promise<void> {
  await selectCorporateAgreement(undefined);
  redirect(connectPathFor("/accounts"));
}
