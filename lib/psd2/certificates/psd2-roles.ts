/**
 * The PSD2 roles of a payment service provider and their object identifiers.
 *
 * PSP_AS: account servicing (the bank), PSP_PI: payment initiation, PSP_AI: account information,
 * PSP_IC: issuing of card-based payment instruments.
 *
 * @see ETSI TS 119 495 §5.1 (RoleOfPspOid)
 */
export const PSD2_ROLE_OIDS = {
  PSP_AS: "0.4.0.19495.1.1",
  PSP_PI: "0.4.0.19495.1.2",
  PSP_AI: "0.4.0.19495.1.3",
  PSP_IC: "0.4.0.19495.1.4",
} as const;

export type Psd2Role = keyof typeof PSD2_ROLE_OIDS;

export const PSD2_ROLES: readonly Psd2Role[] = ["PSP_AS", "PSP_PI", "PSP_AI", "PSP_IC"];

/** Whether a string is one of the four PSD2 role names. @see ETSI TS 119 495 §5.1 */
export function isPsd2Role(value: string): value is Psd2Role {
  return Object.hasOwn(PSD2_ROLE_OIDS, value);
}

/** The role whose OID this is, or undefined for an unknown OID. @see ETSI TS 119 495 §5.1 */
export function psd2RoleOfOid(oid: string): Psd2Role | undefined {
  return PSD2_ROLES.find((role) => PSD2_ROLE_OIDS[role] === oid);
}
