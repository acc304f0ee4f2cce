/** A block of code or text that scrolls, named for screen readers. */
export function CodeBlock({ children, label }: { children: string; label: string }) {
  return (
    // A block that scrolls must be reachable by keyboard to be scrolled (WCAG 2.1.1; axe's scrollable-region-focusable).
    <pre
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling block must take the focus to be scrolled by keyboard
      tabIndex={0}
      className="max-h-[28rem] overflow-auto rounded-lg bg-slate-950 p-4 font-mono text-xs leading-5 whitespace-pre text-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      {children}
    </pre>
  );
}
