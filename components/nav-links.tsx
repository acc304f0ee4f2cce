"use client";

import { Link } from "@/components/ui/link";
import { usePathname } from "next/navigation";

const LINKS = [
  { href: "/", label: "Overview" },
  { href: "/accounts", label: "Accounts" },
  { href: "/payments", label: "Payments" },
  { href: "/corporate", label: "Corporate" },
  { href: "/inspector", label: "Inspector" },
  { href: "/settings", label: "Settings" },
] as const;

/** The sandbox control room: in the sandbox only (production has no such page). */
const SANDBOX_LINK = { href: "/sandbox", label: "Sandbox" } as const;

function isCurrent(pathname: string, href: string): boolean {
  if (href === "/") return pathname === "/";
  if (href === "/accounts") return pathname.startsWith("/accounts") || pathname.startsWith("/cards");
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** The main navigation; the current section marked with aria-current; the control room in the sandbox. */
export function NavLinks({ compact = false, sandbox = false }: { compact?: boolean; sandbox?: boolean }) {
  const pathname = usePathname();
  const links = sandbox ? [...LINKS, SANDBOX_LINK] : LINKS;
  const grid = sandbox ? "grid grid-cols-4 gap-0.5 sm:grid-cols-7" : "grid grid-cols-3 gap-0.5 min-[400px]:grid-cols-6";
  return (
    <ul className={compact ? grid : "flex gap-1"}>
      {links.map((link) => {
        const current = isCurrent(pathname, link.href);
        return (
          <li key={link.href}>
            <Link
              href={link.href}
              aria-current={current ? "page" : undefined}
              className={`block rounded-lg py-2 font-medium whitespace-nowrap ${compact ? "px-1 text-center text-[13px]" : "px-3 text-sm"} focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ${
                current ? "bg-brand-50 text-brand-700" : "text-slate-600 hover:bg-slate-100 hover:text-slate-900"
              }`}
            >
              {link.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
