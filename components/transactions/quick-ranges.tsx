import { Link } from "@/components/ui/link";

/** Links to the same page for a ready period ("90 days"), as small pills. */
export function QuickRanges({ ranges }: { ranges: readonly { readonly label: string; readonly href: string }[] }) {
  return ranges.map((range) => (
    <Link
      key={range.label}
      href={range.href}
      className="rounded-full border border-slate-200 px-2.5 py-1 font-medium text-slate-700 hover:border-brand-500 hover:text-brand-700"
    >
      {range.label}
    </Link>
  ));
}
