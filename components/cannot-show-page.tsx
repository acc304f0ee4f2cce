import { Link } from "@/components/ui/link";
import type { ReactNode } from "react";
import { ErrorPanel } from "@/components/error-panel";
import { BackLink } from "@/components/ui/back-link";
import { buttonStyles } from "@/components/ui/button-styles";
import { PageHeader } from "@/components/ui/page-header";
import type { ErrorDisplay } from "@/lib/tpp/describe-error";
import { connectPathFor } from "@/lib/tpp/flows/connect-path";

/**
 * A page whose bank data could not be read: the way back, a title saying what cannot be shown,
 * and the error as the PSU sees it, with what to do next.
 */
export function CannotShowPage({
  back,
  eyebrow,
  title,
  error,
  actions,
}: {
  back: { href: string; label: string };
  eyebrow: string;
  title: string;
  error: ErrorDisplay;
  actions?: ReactNode;
}) {
  return (
    <div className="space-y-6">
      <BackLink {...back} />
      <PageHeader eyebrow={eyebrow} title={title} />
      <ErrorPanel error={error} actions={actions} />
    </div>
  );
}

/** The way back from an account's or a card account's page. */
export const backToAccounts = { href: "/accounts", label: "Accounts" };

/** What a PSU can do when an account cannot be read: choose the accounts again, or go back. */
export function AccountsRecoveryActions() {
  return (
    <>
      <a href={connectPathFor("/accounts")} className={buttonStyles.primary}>
        Choose accounts
      </a>
      <Link href="/accounts" className={buttonStyles.secondary}>
        Back to accounts
      </Link>
    </>
  );
}
