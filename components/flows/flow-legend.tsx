/** What the diagram's lines mean (the colours are never the only cue: each step's text says it). */
export function FlowLegend() {
  const item = "inline-flex items-center gap-1.5";
  return (
    <ul aria-label="Legend" className="mt-4 flex flex-wrap gap-x-5 gap-y-1.5 border-t border-slate-100 pt-3 text-xs text-slate-600">
      <li className={item}>
        <svg aria-hidden="true" width="28" height="8" viewBox="0 0 28 8">
          <line x1="0" y1="4" x2="28" y2="4" stroke="#334155" strokeWidth="1.5" />
        </svg>
        Request
      </li>
      <li className={item}>
        <svg aria-hidden="true" width="28" height="8" viewBox="0 0 28 8">
          <line x1="0" y1="4" x2="28" y2="4" stroke="#64748b" strokeWidth="1.5" strokeDasharray="6 4" />
        </svg>
        Reply or redirect
      </li>
      <li className={item}>
        <svg aria-hidden="true" width="28" height="8" viewBox="0 0 28 8">
          <line x1="0" y1="4" x2="28" y2="4" stroke="#1d4ed8" strokeWidth="1.5" />
        </svg>
        The browser&apos;s trip to the bank and back
      </li>
      <li className={item}>
        <svg aria-hidden="true" width="28" height="8" viewBox="0 0 28 8">
          <line x1="0" y1="4" x2="28" y2="4" stroke="#dc2626" strokeWidth="1.5" strokeDasharray="6 4" />
        </svg>
        Failed (4xx, 5xx, no reply, not approved)
      </li>
    </ul>
  );
}
