const base =
  "inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2 text-sm font-semibold shadow-sm transition-colors focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-60";

/** Class names of the app's buttons (for <button>, <a> and <Link> alike). */
export const buttonStyles = {
  primary: `${base} bg-brand-600 text-white hover:bg-brand-700`,
  secondary: `${base} border border-slate-300 bg-white text-slate-800 hover:bg-slate-50`,
  quiet: `${base} text-slate-700 shadow-none hover:bg-slate-100`,
  danger: `${base} border border-red-200 bg-white text-red-700 hover:bg-red-50`,
} as const;
