import type { AspspCaller } from "../aspsp/aspsp-caller";
import { TppError } from "../errors";
import { withoutPsu } from "../psu/to-sca-start";
import type { PayerIdentity } from "./pis-types";

const NATIONAL_ID = /^[0-9]{11}$/;

/**
 * The caller of a payment initiation or of its authorisation, naming the payer as asked:
 * `psu-id` sends PSU-ID (and PSU-Corporate-ID in a corporate context); `national-id` sends
 * X-PSU-IDENTITY in place of PSU-ID; `single-sca` sends PSU-Context and no PSU-ID,
 * X-PSU-IDENTITY or PSU-Corporate-ID. The PSU takes part in real time (PSU-IP-Address) and the
 * call is bound to a TPP-Session-ID, as the header table requires for payment creation.
 * @see docs/interface/header-parameters.md#headers-by-operation; docs/interface/payments.md#payments-in-the-sandbox
 */
export function payerCaller(caller: AspspCaller, payer: PayerIdentity, operation: string): AspspCaller {
  if (caller.psu === undefined) {
    throw new TppError(
      "INPUT_INVALID",
      `${operation}: the PSU must take part in real time (PSU-IP-Address is required), but the call has no PSU presence`,
    );
  }
  if (caller.tppSessionId === undefined) {
    throw new TppError("INPUT_INVALID", `${operation}: the call has no TPP-Session-ID, which the bank requires to start the payment's SCA`);
  }
  switch (payer.kind) {
    case "psu-id": {
      if (caller.psuId === undefined) {
        throw new TppError(
          "INPUT_INVALID",
          `${operation}: payer kind psu-id, but the caller has no PSU-ID; use single-sca (PSU-Context) or national-id (X-PSU-IDENTITY)`,
        );
      }
      const { psuIdentity: _psuIdentity, singleScaContext: _singleScaContext, ...rest } = caller;
      return rest;
    }
    case "national-id": {
      if (!NATIONAL_ID.test(payer.nationalId)) {
        throw new TppError(
          "INPUT_INVALID",
          `${operation}: payer.nationalId must be a Norwegian national identity or D-number of 11 digits`,
        );
      }
      const { psuId: _psuId, singleScaContext: _singleScaContext, ...rest } = caller;
      return { ...rest, psuIdentity: payer.nationalId };
    }
    case "single-sca": {
      const { psuIdentity: _psuIdentity, ...rest } = withoutPsu(caller);
      return { ...rest, singleScaContext: payer.context };
    }
  }
}
