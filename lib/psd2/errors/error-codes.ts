/**
 * Every error code of the interface, with the HTTP status it is answered with.
 *
 * The spec lists the codes (docs/interface/errors.md#error-codes); docs/interface/errors.md#statuses-by-code maps each to its status
 * and adds the signature and certificate codes and REFERENCE_MIX_INVALID.
 *
 * @see docs/interface/errors.md#error-codes
 * @see docs/interface/errors.md#statuses-by-code
 */
export const ERROR_CODES = {
  // 400: a body, parameter or header is wrong
  FORMAT_ERROR: { status: 400, meaning: "a body field, parameter or header breaks a rule; path names it" },
  BAD_REQUEST: { status: 400, meaning: "the request is malformed in another way" },
  HTTP_HEADER_REQUIRED: { status: 400, meaning: "a required header is missing" },
  QUERY_PARAMETER_REQUIRED: { status: 400, meaning: "a required query parameter is missing" },
  KID_MISSING: { status: 400, meaning: "the creditor account requires a KID and none was given" },
  KID_INVALID: { status: 400, meaning: "a KID/OCR reference has a wrong length, characters or check digit" },
  EXECUTION_DATE_INVALID: { status: 400, meaning: "the requested execution date is in the past or too far ahead" },
  PAYMENT_FAILED: { status: 400, meaning: "the payment could not be executed" },
  REFERENCE_MIX_INVALID: { status: 400, meaning: "a periodic or bulk payment cannot be put in a signing basket" },
  // 400: the request signature and the TPP certificate
  SIGNATURE_MISSING: { status: 400, meaning: "the request has no Signature header" },
  SIGNATURE_INVALID: { status: 400, meaning: "the Digest or Signature header fails validation" },
  CERTIFICATE_MISSING: { status: 400, meaning: "the request has no TPP-Signature-Certificate header" },
  CERTIFICATE_INVALID: { status: 400, meaning: "the certificate is malformed or not issued by a trusted CA" },
  CERTIFICATE_EXPIRED: { status: 400, meaning: "the certificate is outside its validity period" },
  // 401: strong customer authentication and consent
  SCA_INVALID: { status: 401, meaning: "the SCA failed or was cancelled" },
  SCA_EXPIRED: { status: 401, meaning: "the SCA session has expired" },
  SCA_NOT_FOUND: { status: 401, meaning: "no SCA session exists for this request" },
  PSU_CREDENTIALS_INVALID: { status: 401, meaning: "the PSU's identity is unknown or wrong" },
  CONSENT_INVALID: { status: 401, meaning: "the consent does not cover this request" },
  CONSENT_EXPIRED: { status: 401, meaning: "the consent has expired" },
  // 403
  FORBIDDEN: { status: 403, meaning: "the TPP may not use this resource (role, or another TPP's resource)" },
  CONSENT_UNKNOWN: { status: 403, meaning: "no consent is known for this PSU and TPP" },
  PRODUCT_INVALID: { status: 403, meaning: "the PSU may not use this payment product" },
  // 404
  RESOURCE_UNKNOWN: { status: 404, meaning: "the id in the path is unknown, or not this PSU's" },
  NOT_FOUND: { status: 404, meaning: "the path does not exist" },
  PRODUCT_UNKNOWN: { status: 404, meaning: "the payment product is unknown" },
  // 409
  CONFLICT: { status: 409, meaning: "the resource's state does not allow this request" },
  // 429
  ACCESS_EXCEEDED: { status: 429, meaning: "the access limit without the PSU present is used up" },
  // 500
  SYSTEM_ERROR: { status: 500, meaning: "an internal error; the text holds no internals" },
} as const satisfies Record<string, { status: number; meaning: string }>;

export type Psd2ErrorCode = keyof typeof ERROR_CODES;

export const PSD2_ERROR_CODES = Object.keys(ERROR_CODES) as Psd2ErrorCode[];

/** Whether a string is one of the interface's error codes. */
export function isPsd2ErrorCode(value: string): value is Psd2ErrorCode {
  return Object.hasOwn(ERROR_CODES, value);
}

/** The HTTP status a code is answered with. @see docs/interface/errors.md#statuses-by-code */
export function httpStatusOf(code: Psd2ErrorCode): number {
  return ERROR_CODES[code].status;
}
