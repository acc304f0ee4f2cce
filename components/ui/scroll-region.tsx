import type { ReactNode } from "react";

/**
 * A region that scrolls sideways (a wide table on a phone): named, and reachable by keyboard so
 * that it can be scrolled without a mouse (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function ScrollRegion({ label, className = "", children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling block must take the focus to be scrolled by keyboard
      tabIndex={0}
      className={`overflow-x-auto focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${className}`}
    >
      {children}
    </div>
  );
}
