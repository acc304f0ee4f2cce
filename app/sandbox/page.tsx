import type { Metadata } from "next";
import { Link } from "@/components/ui/link";
import { notFound } from "next/navigation";
import { ErrorPanel } from "@/components/error-panel";
import { AppRefreshSection } from "@/components/sandbox/sections/app-refresh-section";
import { BatchSection } from "@/components/sandbox/sections/batch-section";
import { ClockSection } from "@/components/sandbox/sections/clock-section";
import { DataSection } from "@/components/sandbox/sections/data-section";
import { InitialiseSection } from "@/components/sandbox/sections/initialise-section";
import { ScenariosSection } from "@/components/sandbox/sections/scenarios-section";
import { buttonStyles } from "@/components/ui/button-styles";
import { PageHeader } from "@/components/ui/page-header";
import { loadSandboxPage } from "@/lib/tpp/sandbox/load-sandbox-page";
import { isSandboxEnvironment } from "@/lib/tpp/sandbox/sandbox-context";
import {
  addAccountTransactionAction,
  addCardTransactionAction,
  createAccountAction,
  createAgreementAction,
  createCardAccountAction,
  createCustomerAction,
  initialize,
  moveClock,
  runAppRefresh,
  runBatchNow,
  runScenarioPreset,
  setBalanceAction,
  setClock,
} from "./actions";

export const metadata: Metadata = { title: "Sandbox control room" };

const SECTIONS = [
  { id: "clock", title: "Clock" },
  { id: "batch-runs", title: "Batch runs" },
  { id: "app-refresh", title: "App refresh" },
  { id: "scenarios", title: "Scenarios" },
  { id: "data", title: "Data" },
  { id: "initialise", title: "Initialise" },
] as const;

/** The sandbox control room: in the sandbox only; in production there is no such page. */
export default async function SandboxPage() {
  if (!isSandboxEnvironment()) notFound();
  const loaded = await loadSandboxPage();
  return (
    <div className="space-y-8">
      <PageHeader
        eyebrow="Sandbox"
        title="Sandbox control room"
        description="The sandbox bank's clock, batch runs and data, for tests and demos (supplement §11). Every operation is a signed call to the bank, shown here with its reply and in the request inspector."
        actions={
          <Link href="/presenter" className={buttonStyles.secondary}>
            Presenter view
          </Link>
        }
      />
      <nav aria-label="Sections of the control room" className="-mt-2">
        <ul className="flex flex-wrap gap-2">
          {SECTIONS.map((section) => (
            <li key={section.id}>
              <a
                href={`#${section.id}`}
                className="inline-block rounded-full border border-slate-200 bg-white px-3 py-1 text-sm text-slate-700 hover:border-brand-500 hover:text-brand-700"
              >
                {section.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {!loaded.ok ? (
        <ErrorPanel error={loaded.error} />
      ) : (
        <>
          <ClockSection clock={loaded.value.clock} wallTime={loaded.value.clockWallTime} moveClock={moveClock} setClock={setClock} />
          <BatchSection clock={loaded.value.clock} runs={loaded.value.nextBatchRuns} runBatchNow={runBatchNow} />
          <AppRefreshSection runAppRefresh={runAppRefresh} />
          <ScenariosSection runScenarioPreset={runScenarioPreset} />
          <DataSection
            customers={loaded.value.customers}
            actions={{
              createCustomer: createCustomerAction,
              createAccount: createAccountAction,
              createCardAccount: createCardAccountAction,
              createAgreement: createAgreementAction,
              addAccountTransaction: addAccountTransactionAction,
              addCardTransaction: addCardTransactionAction,
              setBalance: setBalanceAction,
            }}
          />
          <InitialiseSection initialize={initialize} />
        </>
      )}
    </div>
  );
}
