const inputBase =
  "mt-1 block w-full min-w-0 rounded-lg border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500 focus:outline-none";

/** The class of a text input or select, red-bordered while its field is wrong. */
export function inputClass(invalid: boolean): string {
  return `${inputBase} ${invalid ? "border-red-400 focus:border-red-500" : "border-slate-300 focus:border-brand-500"}`;
}
