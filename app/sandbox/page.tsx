import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ErrorPanel } from "@/components/error-panel";
import { formatDate, formatDateTime, formatWeekdayTime } from "@/components/format";
import { SandboxButtonForm, SubmitButton } from "@/components/sandbox/sandbox-button-form";
import { SandboxDataForms } from "@/components/sandbox/sandbox-data-forms";
import { InputField, CheckboxField, RadioField } from "@/components/sandbox/sandbox-fields";
import { SandboxForm } from "@/components/sandbox/sandbox-form";
import { Badge } from "@/components/ui/badge";
import { buttonStyles } from "@/components/ui/button-styles";
import { DetailsList } from "@/components/ui/details-list";
import { PageHeader } from "@/components/ui/page-header";
import { Panel } from "@/components/ui/panel";
import type { SandboxClockState, SandboxCustomer } from "@/lib/psd2/schemas";
import { requireCurrentUser } from "@/lib/tpp/auth/get-current-user";
import { loadForPage } from "@/lib/tpp/flows/load-for-page";
import { BANK_TIME_ZONE } from "@/lib/tpp/sandbox/forms";
import { getSandboxClock } from "@/lib/tpp/sandbox/get-sandbox-clock";
import { listCustomers } from "@/lib/tpp/sandbox/list-customers";
import { listNextBatchRuns } from "@/lib/tpp/sandbox/next-batch-runs";
import { getSandboxContext, isSandboxEnvironment } from "@/lib/tpp/sandbox/sandbox-context";
import { SANDBOX_SCENARIOS } from "@/lib/tpp/sandbox/scenarios";
import { isoToZonedDateTime } from "@/lib/tpp/sandbox/zoned-time";
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

const PAGE = "/sandbox";

const SECTIONS = [
  { id: "clock", title: "Clock" },
  { id: "batch-runs", title: "Batch runs" },
  { id: "app-refresh", title: "App refresh" },
  { id: "scenarios", title: "Scenarios" },
  { id: "data", title: "Data" },
  { id: "initialise", title: "Initialise" },
] as const;

const hourMinute = new Intl.DateTimeFormat("en-GB", { timeZone: BANK_TIME_ZONE, hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/** The offset of the sandbox clock from the real time in words: "2 days 3 h 5 min ahead". */
function describeOffset(seconds: number): string {
  if (Math.abs(seconds) < 60) return "none (the real time)";
  const minutes = Math.round(Math.abs(seconds) / 60);
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  const parts = [
    days > 0 ? `${days} day${days === 1 ? "" : "s"}` : "",
    hours > 0 ? `${hours} h` : "",
    rest > 0 ? `${rest} min` : "",
  ].filter((part) => part !== "");
  return `${parts.join(" ")} ${seconds > 0 ? "ahead" : "behind"}`;
}

const LOST = [
  "customers made by hand, with all they own",
  "accounts, card accounts and agreements made by hand for the initial customers",
  "consents, SCA sessions and authorisations (you connect your bank again)",
  "the bank's browser sessions (its login cookie)",
  "the counters of calls without the PSU (4 a day per account)",
  "every payment and signing basket",
];
const KEPT = [
  "registered TPPs (this app's certificate keeps working)",
  "the bank's keys",
  "the sandbox clock",
  "the psu-ids of the initial customers (a PSU-ID this app holds keeps working)",
];

function ClockSection({ clock }: { readonly clock: SandboxClockState }) {
  const next = hourMinute.format(new Date(clock.batchSchedule.nextScheduledRun));
  return (
    <div className="space-y-5">
      <DetailsList
        label="The sandbox clock"
        items={[
          { term: "Sandbox time", value: formatDateTime(clock.now) },
          { term: "Today (Oslo)", value: formatDate(clock.today) },
          { term: "Clock", value: clock.frozen ? <Badge tone="warning">Frozen</Badge> : <Badge tone="success">Running</Badge> },
          { term: "Offset from real time", value: describeOffset(clock.offsetSeconds) },
        ]}
      />
      <SandboxButtonForm action={moveClock} label="Move the clock">
        <div className="flex flex-wrap gap-2">
          <SubmitButton name="move" value="advance-hour" className={buttonStyles.secondary}>
            +1 hour
          </SubmitButton>
          <SubmitButton name="move" value="advance-day" className={buttonStyles.secondary}>
            +1 day
          </SubmitButton>
          <SubmitButton name="move" value="next-batch-run" className={buttonStyles.secondary}>
            To the next batch run ({next})
          </SubmitButton>
          <SubmitButton name="move" value={clock.frozen ? "release" : "freeze"} className={buttonStyles.secondary}>
            {clock.frozen ? "Let it run" : "Freeze"}
          </SubmitButton>
          <SubmitButton name="move" value="reset" className={buttonStyles.quiet}>
            Back to the real time
          </SubmitButton>
        </div>
      </SandboxButtonForm>
      <div className="rounded-xl border border-slate-200 bg-slate-50/60 p-4">
        <h3 className="text-sm font-semibold text-slate-900">Set the clock</h3>
        <p className="mt-0.5 font-mono text-xs text-slate-500">POST /v1/sandbox/clock</p>
        <div className="mt-3">
          <SandboxForm
            kind="clock"
            action={setClock}
            submitLabel="Set the clock"
            label="Set the clock"
            defaultValue={{ now: isoToZonedDateTime(clock.now, BANK_TIME_ZONE), frozen: String(clock.frozen) }}
          >
            <div className="grid gap-4 sm:grid-cols-2">
              <InputField
                name="now"
                type="datetime-local"
                hint="Oslo's wall clock, forward or back; years 2000 to 2099. Batch runs passed run at once."
              />
              <RadioField
                name="frozen"
                options={[
                  { value: "false", label: "Keep running" },
                  { value: "true", label: "Stand still" },
                ]}
              />
            </div>
          </SandboxForm>
        </div>
      </div>
    </div>
  );
}

function BatchSection({ clock }: { readonly clock: SandboxClockState }) {
  const runs = listNextBatchRuns(clock.batchSchedule, new Date(clock.now));
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <div>
        <h3 className="text-sm font-semibold text-slate-900">The next five batch runs</h3>
        <ol className="mt-2 space-y-1 text-sm text-slate-700" aria-label="The next five batch runs">
          {runs.map((run) => (
            <li key={run.toISOString()} className="flex items-center gap-2">
              <span aria-hidden="true" className="h-1.5 w-1.5 rounded-full bg-brand-500" />
              <time dateTime={run.toISOString()}>{formatWeekdayTime(run, BANK_TIME_ZONE)}</time>
            </li>
          ))}
        </ol>
        <p className="mt-3 text-xs leading-5 text-slate-500">
          Every day at {clock.batchSchedule.times.join(", ")} ({clock.batchSchedule.timeZone}), on the sandbox clock. A run is due when the
          clock passes its time: moving the clock runs the runs it passes, and the bank checks every 30 seconds.
        </p>
      </div>
      <SandboxButtonForm action={runBatchNow} label="Run the payment batch">
        <p className="text-sm text-slate-700">
          Runs the due runs, then one at the sandbox&apos;s time now: approved payments due today are settled (ACSC) or rejected for lack of
          funds (RJCT).
        </p>
        <p className="font-mono text-xs text-slate-500">POST /v1/sandbox/batch-runs</p>
        <SubmitButton className={buttonStyles.primary} pendingText="Running…">
          Run the batch now
        </SubmitButton>
      </SandboxButtonForm>
    </div>
  );
}

function ScenariosSection() {
  return (
    <ul className="grid gap-4 md:grid-cols-2">
      {SANDBOX_SCENARIOS.map((scenario) => (
        <li key={scenario.id} className="min-w-0 rounded-xl border border-slate-200 bg-slate-50/60 p-4">
          <SandboxButtonForm action={runScenarioPreset} label={scenario.title}>
            <h3 className="text-sm font-semibold text-slate-900">{scenario.title}</h3>
            <p className="text-sm leading-6 text-slate-700">{scenario.description}</p>
            <ul className="space-y-0.5" aria-label={`Calls of ${scenario.title}`}>
              {scenario.calls.map((call) => (
                <li key={call} className="font-mono text-xs break-words text-slate-500">
                  {call}
                </li>
              ))}
            </ul>
            <SubmitButton
              name="scenario"
              value={scenario.id}
              className={scenario.destructive ? buttonStyles.danger : buttonStyles.primary}
              pendingText="Setting up…"
            >
              Set up “{scenario.title}”
            </SubmitButton>
          </SandboxButtonForm>
        </li>
      ))}
    </ul>
  );
}

const countOf = (count: number, noun: string) => `${count} ${noun}${count === 1 ? "" : "s"}`;

function CustomersTable({ customers }: { readonly customers: readonly SandboxCustomer[] }) {
  return (
    // A table that scrolls sideways on a phone must be reachable by keyboard (WCAG 2.1.1; axe's scrollable-region-focusable).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Sandbox customers">
      <table className="w-full min-w-[18rem] text-left text-sm">
        <caption className="sr-only">The sandbox customers (GET /v1/sandbox/customers)</caption>
        <thead>
          <tr className="border-b border-slate-200 text-xs tracking-wide text-slate-500 uppercase">
            <th scope="col" className="py-2 pr-4 font-medium">
              Customer
            </th>
            <th scope="col" className="py-2 pr-4 font-medium">
              Accounts
            </th>
            <th scope="col" className="py-2 font-medium">
              Agreements
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {customers.map((customer) => (
            <tr key={customer.customerId} className="align-top">
              <td className="py-2 pr-4">
                <span className="font-medium text-slate-900">{customer.customerName}</span>
                <span className="block text-xs text-slate-600">
                  {customer.customerType === "CORPORATE" ? "Corporate" : "Private"} ·{" "}
                  <span className="font-mono">{customer.customerNumber}</span>
                </span>
                <span className="block font-mono text-xs break-all text-slate-500">{customer.customerId}</span>
              </td>
              <td className="py-2 pr-4">
                {countOf(customer.accounts.length, "account")}
                {customer.cardAccounts.length > 0 && `, ${countOf(customer.cardAccounts.length, "card")}`}
              </td>
              <td className="py-2">{customer.agreements.map((agreement) => agreement.name).join(", ") || "–"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function InitialiseSection() {
  return (
    <div className="space-y-4">
      <div className="grid gap-4 md:grid-cols-2">
        <div className="rounded-xl border border-red-200 bg-red-50/50 p-4">
          <h3 className="text-sm font-semibold text-red-800">Lost</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {LOST.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
        <div className="rounded-xl border border-slate-200 bg-slate-50/60 p-4">
          <h3 className="text-sm font-semibold text-slate-900">Kept</h3>
          <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
            {KEPT.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      </div>
      <p className="text-sm text-slate-700">
        The four test customers and their 13 months of history are written anew with the same ids. It takes about a second.
      </p>
      <SandboxForm kind="initialize" action={initialize} submitLabel="Initialise the sandbox" tone="danger" label="Initialise the sandbox">
        <CheckboxField name="understood" label="I understand that initialising discards everything listed under “Lost”" />
      </SandboxForm>
    </div>
  );
}

/** The sandbox control room: in the sandbox only; in production there is no such page. */
export default async function SandboxPage() {
  if (!isSandboxEnvironment()) notFound();
  await requireCurrentUser(PAGE);
  const loaded = await loadForPage(PAGE, async () => {
    const ctx = await getSandboxContext(PAGE);
    const [clock, customers] = await Promise.all([getSandboxClock(ctx), listCustomers(ctx)]);
    return { clock: clock.body, customers: customers.body.customers };
  });
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
          <Panel
            id="clock"
            title="Clock"
            description="Every time rule of the bank reads the sandbox clock: SCA validity, execution dates, batch runs."
          >
            <ClockSection clock={loaded.value.clock} />
          </Panel>
          <Panel
            id="batch-runs"
            title="Batch runs"
            description="Payment batch processing, five times a day on the sandbox clock (supplement §5)."
          >
            <BatchSection clock={loaded.value.clock} />
          </Panel>
          <Panel
            id="app-refresh"
            title="App refresh"
            description="The app reads your shared accounts without you on a schedule (TPP_REFRESH_SCHEDULE); this runs it now."
          >
            <SandboxButtonForm action={runAppRefresh} label="Run the app's refresh">
              <p className="text-sm leading-6 text-slate-700">
                Balances and new transactions of each account you share, read with no PSU-IP-Address: the bank allows 4 such reads per
                account and kind in 24 hours on its clock, and the app never sends a fifth. The overview on the home page shows what was
                read.
              </p>
              <SubmitButton className={buttonStyles.primary} pendingText="Reading…">
                Run the app&apos;s refresh now
              </SubmitButton>
            </SandboxButtonForm>
          </Panel>
          <Panel id="scenarios" title="Scenarios" description="One click each, for demos: what each sets up, and the calls it makes.">
            <ScenariosSection />
          </Panel>
          <Panel
            id="data"
            title="Data"
            description="Customers, accounts, card accounts, agreements, transactions and balances of the sandbox bank."
          >
            <div className="space-y-6">
              <CustomersTable customers={loaded.value.customers} />
              <SandboxDataForms
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
            </div>
          </Panel>
          <Panel id="initialise" title="Initialise" description="POST /v1/sandbox/initialize: the sandbox's known state again.">
            <InitialiseSection />
          </Panel>
        </>
      )}
    </div>
  );
}
