import { ConnectionPanel, TppAtBankPanel } from "@/components/home/connection-panel";
import { HomeHeader } from "@/components/home/home-header";
import { Landing } from "@/components/home/landing";
import { Shortcuts } from "@/components/home/shortcuts";
import { ReadOverview } from "@/components/read-overview";
import { ScaRenewalNotice } from "@/components/sca-renewal-notice";
import { connectPathFor } from "@/lib/tpp/flows/connect-path";
import { loadHomePage } from "@/lib/tpp/home/load-home-page";

export default async function HomePage() {
  const view = await loadHomePage();
  if (!view.signedIn) return <Landing sandbox={view.sandbox} />;

  return (
    <div className="space-y-8">
      <HomeHeader view={view} />
      {view.overview !== undefined && <ScaRenewalNotice renewal={view.overview.renewal} renewHref={connectPathFor("/")} />}
      <div className="grid gap-6 lg:grid-cols-3">
        <ConnectionPanel view={view} />
        <TppAtBankPanel view={view} />
      </div>
      {view.overview !== undefined && <ReadOverview overview={view.overview} />}
      <Shortcuts sandbox={view.sandbox} />
    </div>
  );
}
