/**
 * The attribute types of X.500 names this project reads and writes: their OIDs, the keywords
 * RFC 2253 (and Java's X500Principal.getName()) emits, and the names other tools use (OpenSSL
 * and Node print `organizationIdentifier`, `emailAddress`, `serialNumber`, ...).
 *
 * @see RFC 2253 §2.3; RFC 4514 §3; RFC 4519; OpenSSL objects.txt
 */
interface AttributeType {
  readonly oid: string;
  /** The keyword RFC 2253 §2.3 defines for it; any other type is written as its OID. */
  readonly rfc2253?: string;
  /** Every name accepted when parsing, the short name first (case-insensitive). */
  readonly names: readonly string[];
}

const ATTRIBUTE_TYPES: readonly AttributeType[] = [
  { oid: "2.5.4.3", rfc2253: "CN", names: ["CN", "commonName"] },
  { oid: "2.5.4.4", names: ["SN", "surname"] },
  { oid: "2.5.4.5", names: ["serialNumber"] },
  { oid: "2.5.4.6", rfc2253: "C", names: ["C", "countryName"] },
  { oid: "2.5.4.7", rfc2253: "L", names: ["L", "localityName"] },
  { oid: "2.5.4.8", rfc2253: "ST", names: ["ST", "S", "stateOrProvinceName"] },
  { oid: "2.5.4.9", rfc2253: "STREET", names: ["STREET", "streetAddress"] },
  { oid: "2.5.4.10", rfc2253: "O", names: ["O", "organizationName"] },
  { oid: "2.5.4.11", rfc2253: "OU", names: ["OU", "organizationalUnitName"] },
  { oid: "2.5.4.12", names: ["title", "T"] },
  { oid: "2.5.4.13", names: ["description"] },
  { oid: "2.5.4.15", names: ["businessCategory"] },
  { oid: "2.5.4.17", names: ["postalCode"] },
  { oid: "2.5.4.42", names: ["GN", "givenName"] },
  { oid: "2.5.4.43", names: ["initials"] },
  { oid: "2.5.4.44", names: ["generationQualifier"] },
  { oid: "2.5.4.46", names: ["dnQualifier"] },
  { oid: "2.5.4.65", names: ["pseudonym"] },
  { oid: "2.5.4.97", names: ["organizationIdentifier"] },
  { oid: "0.9.2342.19200300.100.1.1", rfc2253: "UID", names: ["UID", "userId"] },
  { oid: "0.9.2342.19200300.100.1.25", rfc2253: "DC", names: ["DC", "domainComponent"] },
  { oid: "1.2.840.113549.1.9.1", names: ["emailAddress", "E", "EMAIL"] },
  { oid: "1.3.6.1.4.1.311.60.2.1.1", names: ["jurisdictionL", "jurisdictionLocalityName"] },
  { oid: "1.3.6.1.4.1.311.60.2.1.2", names: ["jurisdictionST", "jurisdictionStateOrProvinceName"] },
  { oid: "1.3.6.1.4.1.311.60.2.1.3", names: ["jurisdictionC", "jurisdictionCountryName"] },
];

const OID_BY_NAME = new Map<string, string>();
const TYPE_BY_OID = new Map<string, AttributeType>();
for (const type of ATTRIBUTE_TYPES) {
  TYPE_BY_OID.set(type.oid, type);
  for (const name of type.names) OID_BY_NAME.set(name.toLowerCase(), type.oid);
}

/** The OID of an attribute keyword or name (case-insensitive), or undefined if unknown. @see RFC 4514 §3 */
export function findAttributeOid(name: string): string | undefined {
  return OID_BY_NAME.get(name.toLowerCase());
}

/** The RFC 2253 keyword of an OID (CN, C, L, ST, O, OU, STREET, DC, UID), or undefined. @see RFC 2253 §2.3 */
export function findRfc2253Keyword(oid: string): string | undefined {
  return TYPE_BY_OID.get(oid)?.rfc2253;
}

/** A readable name for an OID in messages ("organizationIdentifier"), else the OID itself. @see RFC 4519 */
export function describeAttributeType(oid: string): string {
  return TYPE_BY_OID.get(oid)?.names[0] ?? oid;
}

/** The OID of organizationIdentifier, which a PSD2 certificate's subject carries. @see docs/interface/certificates.md#certificates-and-tpp-registration */
export const ORGANIZATION_IDENTIFIER_OID = "2.5.4.97";
