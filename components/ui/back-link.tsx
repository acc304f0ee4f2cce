import { Link } from "@/components/ui/link";

/** The link above a page's header back to the page it belongs to ("← Accounts"). */
export function BackLink({ href, label }: { href: string; label: string }) {
  return (
    <Link href={href} className="text-sm font-medium text-brand-700 hover:underline">
      ← {label}
    </Link>
  );
}
