import { Link } from "@/components/ui/link";
import { buttonStyles } from "@/components/ui/button-styles";
import { PageHeader } from "@/components/ui/page-header";
import { connectPathFor } from "@/lib/tpp/flows/connect-path";
import type { HomeView } from "@/lib/tpp/home/home-page-view";

/** Who is signed in, what connecting the bank means, and the ways to connect (again, another customer) or pay. */
export function HomeHeader({ view }: { view: HomeView }) {
  return (
    <PageHeader
      eyebrow={`Signed in as ${view.displayName}`}
      title="Your bank connection"
      description="Connect your bank once: you log in at the bank, choose the accounts to share, and come back here. An approval is valid for one hour; after that the bank asks again."
      actions={
        <>
          <a href={connectPathFor("/accounts")} className={buttonStyles.primary}>
            {view.connected ? "Connect your bank again" : "Connect your bank"}
          </a>
          <Link href="/payments/new" className={buttonStyles.secondary}>
            New payment
          </Link>
          {view.connected && (
            <a href={connectPathFor("/accounts", { newPsu: true })} className={buttonStyles.secondary}>
              Connect another customer
            </a>
          )}
        </>
      }
    />
  );
}
