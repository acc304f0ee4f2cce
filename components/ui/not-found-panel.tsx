import { Link } from "@/components/ui/link";
import type { ReactNode } from "react";
import { buttonStyles } from "./button-styles";

/** Where a not-found page leads: the first link is the main one. */
export interface NotFoundLink {
  readonly href: string;
  readonly label: string;
}

/** The app's 404 pages: what is not here and why, and where to go instead. */
export function NotFoundPanel({ title, children, links }: { title: string; children: ReactNode; links: readonly NotFoundLink[] }) {
  return (
    <div className="mx-auto max-w-xl">
      <section aria-labelledby="not-found-title" className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <p className="text-sm font-medium tracking-wider text-brand-600 uppercase">404</p>
        <h1 id="not-found-title" className="mt-2 text-2xl font-bold tracking-tight text-slate-900">
          {title}
        </h1>
        <p className="mt-3 text-base leading-7 text-slate-700">{children}</p>
        <div className="mt-6 flex flex-wrap gap-3">
          {links.map((link, index) => (
            <Link key={link.href} href={link.href} className={index === 0 ? buttonStyles.primary : buttonStyles.quiet}>
              {link.label}
            </Link>
          ))}
        </div>
      </section>
    </div>
  );
}
