/** A length rule in characters (code points); both ends inclusive. */
export interface LengthLimit {
  readonly min?: number;
  readonly max?: number;
}

/**
 * Every length of the spec's Limits table, in one place.
 *
 * The minimum of 1 on request texts follows ISO 20022, whose MaxNText types (which these fields
 * are in Berlin Group 1.3) have minLength 1: an empty name or reference is a missing one. `text`
 * is that rule for the request texts that have no upper limit in the spec.
 *
 * @see docs/interface/limits.md#limits-in-the-spec
 */
export const FIELD_LIMITS = {
  creditorName: { min: 1, max: 70 },
  ultimateDebtor: { min: 1, max: 70 },
  street: { min: 1, max: 70 },
  /** name of an account or card account (responses; "longer-names" is the default) */
  accountName: { max: 70 },
  bban: { max: 30 },
  iban: { max: 34 },
  endToEndIdentification: { min: 1, max: 35 },
  remittanceInformationUnstructured: { min: 1, max: 140 },
  /** reference, referenceType and referenceIssuer of a remittance reference item */
  remittanceReference: { min: 1, max: 35 },
  tppMessageText: { max: 512 },
  psuMessage: { max: 512 },
  /** paymentIds of a signing basket, counted in items */
  signingBasketPayments: { min: 1, max: 10 },
  /**
   * Address parts the spec leaves without a limit get ISO 20022's (pain.001 PostalAddress:
   * BldgNb and PstCd Max16Text, TwnNm Max35Text), so that no unbounded text is stored.
   */
  buildingNumber: { min: 1, max: 16 },
  postalCode: { min: 1, max: 16 },
  city: { min: 1, max: 35 },
  /** debtorAccount.other.identification: ISO 20022's GenericAccountIdentification Id, Max34Text. */
  otherAccountIdentification: { min: 1, max: 34 },
  /** any other request text */
  text: { min: 1 },
} as const satisfies Record<string, LengthLimit>;
