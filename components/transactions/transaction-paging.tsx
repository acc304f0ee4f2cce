import { Link } from "@/components/ui/link";
import type { PageLinks } from "@/lib/tpp/ais/ais-types";
import { buttonStyles } from "../ui/button-styles";

/**
 * The bank's pages of transactions: First, Previous, Next and Last where the bank gave the link
 * (greyed out where it did not), and the page's number as far as it is known (a page reached by
 * Last is counted from the end).
 */
export function TransactionPaging({
  label,
  pages,
  current,
  hrefOf,
}: {
  /** The navigation's name: "Pages of transactions". */
  label: string;
  pages: PageLinks;
  /** The page shown: the bank's page token (none on the first) and its number, when known. */
  current: { readonly page: string | undefined; readonly n: number | undefined };
  /** The address of the page of `token`, numbered `n`. */
  hrefOf: (token: string, n: number | undefined) => string;
}) {
  const n = current.n ?? (current.page === undefined ? 1 : undefined);
  const link = (text: string, token: string | undefined, number: number | undefined, rel?: string) =>
    token === undefined ? (
      <span className="rounded-lg px-3 py-2 text-sm text-slate-300" aria-disabled="true">
        {text}
      </span>
    ) : (
      <Link href={hrefOf(token, number)} rel={rel} className={buttonStyles.secondary}>
        {text}
      </Link>
    );
  return (
    <nav aria-label={label} className="mt-4 flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
      <div className="flex gap-2">
        {link("First", pages.first, 1)}
        {link("Previous", pages.previous, n === undefined || n <= 1 ? undefined : n - 1, "prev")}
      </div>
      <p className="text-sm text-slate-600" aria-live="polite">
        {n === undefined ? "Page from the end" : `Page ${n}`}
        {pages.next === undefined ? " · last page" : ""}
      </p>
      <div className="flex gap-2">
        {link("Next", pages.next, n === undefined ? undefined : n + 1, "next")}
        {link("Last", pages.last, undefined)}
      </div>
    </nav>
  );
}
