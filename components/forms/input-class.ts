const inputBase =
  "block w-full min-w-0 rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500 focus:outline-none";

/**
 * The class of a text input or select, red-bordered while its field is wrong. Below its label
 * (a small gap above it) unless `inline`: beside a button in a row, where the row sets the gap.
 */
export function inputClass(invalid: boolean, { inline = false }: { inline?: boolean } = {}): string {
  return `${inline ? "" : "mt-1 "}${inputBase} ${invalid ? "border-red-400 focus:border-red-500" : "border-slate-300 focus:border-brand-500"}`;
}
