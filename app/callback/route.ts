import { type NextRequest, NextResponse } from "next/server";
import { completeScaCallback } from "@/lib/tpp/flows/complete-sca-callback";

/**
 * TPP-Redirect-URI: the bank sends the PSU here after SCA, with psu-id, tpp-session-id, context
 * (and psu-corporate-id) on success, or system, status, code and message on failure.
 */
export async function GET(request: NextRequest): Promise<Response> {
  return NextResponse.redirect(await completeScaCallback(request.nextUrl.searchParams), 303);
}
