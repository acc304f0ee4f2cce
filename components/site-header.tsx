import { Link } from "@/components/ui/link";
import type { ReactNode } from "react";
import { NavLinks } from "./nav-links";
import { SignOutButton } from "./sign-out-button";

/**
 * The header (the page's banner landmark): the environment's note above the app's name, the
 * navigation (with the sandbox control room in the sandbox) and the user.
 */
export function SiteHeader({
  user,
  sandbox = false,
  environment,
}: {
  user: { displayName: string } | undefined;
  sandbox?: boolean;
  environment?: ReactNode;
}) {
  // Seven links need more room than six: the full navigation from a wider screen on.
  const wide = sandbox ? "lg" : "md";
  return (
    <header className="border-b border-slate-200 bg-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-4 focus:left-4 focus:z-10 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      {environment}
      <div className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Link href="/" className="flex items-center gap-2 font-semibold text-slate-900">
          <span
            aria-hidden="true"
            className="grid h-8 w-8 place-items-center rounded-lg bg-gradient-to-br from-brand-500 to-brand-700 text-sm font-bold text-white"
          >
            P2
          </span>
          PSD2 TPP Demo
        </Link>
        {user !== undefined && (
          <>
            <nav aria-label="Main" className={wide === "lg" ? "hidden lg:block" : "hidden md:block"}>
              <NavLinks sandbox={sandbox} />
            </nav>
            <div className="flex items-center gap-2">
              <span className="hidden text-sm text-slate-600 sm:inline">{user.displayName}</span>
              <SignOutButton />
            </div>
          </>
        )}
      </div>
      {user !== undefined && (
        <nav aria-label="Main (compact)" className={`border-t border-slate-100 px-2 py-1 ${wide === "lg" ? "lg:hidden" : "md:hidden"}`}>
          <NavLinks compact sandbox={sandbox} />
        </nav>
      )}
    </header>
  );
}
