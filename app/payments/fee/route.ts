import { type NextRequest, NextResponse } from "next/server";
import { validateAmount } from "@/lib/psd2/validation";
import { getAspspContext } from "@/lib/tpp/aspsp/aspsp-context";
import { getCurrentUser } from "@/lib/tpp/auth/get-current-user";
import { describeError } from "@/lib/tpp/describe-error";
import { getInstantFeeInformation } from "@/lib/tpp/pis/get-instant-fee-information";
import { isSameOriginOrUserInitiated } from "@/lib/tpp/security/request-origin";

/**
 * GET /payments/fee?amount=250.00&currency=NOK: the fee of an instant payment (straks), asked
 * of the bank as the PSU types, for the payment form. 200 `{fee, feeIndicator}`; 400 `{error}`
 * naming the parameter; 401 when signed out; 403 when another site (or a browser without fetch
 * metadata) asks, since each answer is a signed call to the bank; the bank's own refusal with its status.
 * @see docs/interface/endpoints.md#success-statuses, docs/interface/payments.md#fee-information
 */
export async function GET(request: NextRequest): Promise<Response> {
  if (!isSameOriginOrUserInitiated(request.headers)) {
    return NextResponse.json(
      { error: "Sec-Fetch-Site must be same-origin: only the app's payment form asks the bank for a fee." },
      { status: 403 },
    );
  }
  const user = await getCurrentUser();
  if (user === undefined) return NextResponse.json({ error: "Sign in to ask the bank for a fee." }, { status: 401 });
  const amount = request.nextUrl.searchParams.get("amount") ?? "";
  const currency = request.nextUrl.searchParams.get("currency") ?? "NOK";
  if (currency !== "NOK")
    return NextResponse.json(
      { error: `currency must be NOK: instant payments (straks) are in NOK only, not ${currency.slice(0, 8)}` },
      { status: 400 },
    );
  const violation = validateAmount(amount, currency);
  if (violation !== undefined) return NextResponse.json({ error: `amount ${violation.reason}` }, { status: 400 });
  try {
    const ctx = await getAspspContext({ returnTo: "/payments/new", method: "GET" });
    const fee = await getInstantFeeInformation(ctx, { amount, currency });
    return NextResponse.json({ fee: fee.fee, feeIndicator: fee.feeIndicator });
  } catch (error) {
    const display = describeError(error);
    if (display === undefined) throw error;
    const text = display.tppMessages[0]?.text ?? display.summary;
    return NextResponse.json(
      { error: `${display.title}: ${text}` },
      { status: display.status !== undefined && display.status < 500 ? display.status : 502 },
    );
  }
}
