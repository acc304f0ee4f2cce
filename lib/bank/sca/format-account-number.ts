/** A Norwegian account number as people write it: `3800 12 34567` (4, 2, 5 digits). */
export function formatBban(bban: string): string {
  return /^[0-9]{11}$/.test(bban) ? `${bban.slice(0, 4)} ${bban.slice(4, 6)} ${bban.slice(6)}` : bban;
}

/** A masked card number in groups of four: `5522 11** **** 4821`. */
export function formatMaskedPan(maskedPan: string): string {
  return maskedPan.length === 16 ? maskedPan.replace(/(.{4})(?=.)/g, "$1 ") : maskedPan;
}

/** A Norwegian organisation number as printed: `926 148 338`. */
export function formatOrganisationNumber(number: string): string {
  return /^[0-9]{9}$/.test(number) ? `${number.slice(0, 3)} ${number.slice(3, 6)} ${number.slice(6)}` : number;
}
