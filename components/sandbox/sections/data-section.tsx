import { Panel } from "@/components/ui/panel";
import type { SandboxCustomer } from "@/lib/psd2/schemas";
import { SandboxDataForms, type SandboxDataActions } from "../sandbox-data-forms";

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

/** The sandbox's data: its customers with what they own, and the forms that add to it. */
export function DataSection({
  customers,
  actions,
}: {
  readonly customers: readonly SandboxCustomer[];
  readonly actions: SandboxDataActions;
}) {
  return (
    <Panel
      id="data"
      title="Data"
      description="Customers, accounts, card accounts, agreements, transactions and balances of the sandbox bank."
    >
      <div className="space-y-6">
        <CustomersTable customers={customers} />
        <SandboxDataForms customers={customers} actions={actions} />
      </div>
    </Panel>
  );
}
