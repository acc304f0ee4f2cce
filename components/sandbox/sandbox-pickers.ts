import type { SandboxCustomer } from "@/lib/psd2/schemas";
import type { OptionGroup, SelectOption } from "../forms/select-field";

// The control room's choices, read from GET /v1/sandbox/customers (ids with their customers'
// names): the sandbox operations give an account's id and owner, not its name.

function typeOf(customer: SandboxCustomer): string {
  return customer.customerType === "CORPORATE" ? "corporate" : "private";
}

/** Every customer: "Ingrid Marie Haugen (13039319955, private)". */
export function customerOptions(customers: readonly SandboxCustomer[], only?: SandboxCustomer["customerType"]): SelectOption[] {
  return customers
    .filter((customer) => only === undefined || customer.customerType === only)
    .map((customer) => ({
      value: customer.customerId,
      label: `${customer.customerName} (${customer.customerNumber}, ${typeOf(customer)})`,
    }));
}

/** Accounts by customer: "Account 1 · <id>". `prefix` goes before each value ("account:"). */
export function accountGroups(
  customers: readonly SandboxCustomer[],
  options: { readonly only?: SandboxCustomer["customerType"]; readonly prefix?: string } = {},
): OptionGroup[] {
  return customers
    .filter((customer) => customer.accounts.length > 0 && (options.only === undefined || customer.customerType === options.only))
    .map((customer) => ({
      label: customer.customerName,
      options: customer.accounts.map((id, index) => ({ value: `${options.prefix ?? ""}${id}`, label: `Account ${index + 1} · ${id}` })),
    }));
}

/** Card accounts by customer: "Card account 1 · <id>". */
export function cardAccountGroups(customers: readonly SandboxCustomer[], prefix = ""): OptionGroup[] {
  return customers
    .filter((customer) => customer.cardAccounts.length > 0)
    .map((customer) => ({
      label: customer.customerName,
      options: customer.cardAccounts.map((id, index) => ({ value: `${prefix}${id}`, label: `Card account ${index + 1} · ${id}` })),
    }));
}

/** Accounts and card accounts by customer, as "account:<id>" and "card:<id>" (the balance form's target). */
export function balanceTargetGroups(customers: readonly SandboxCustomer[]): OptionGroup[] {
  return customers
    .filter((customer) => customer.accounts.length + customer.cardAccounts.length > 0)
    .map((customer) => ({
      label: customer.customerName,
      options: [
        ...customer.accounts.map((id, index) => ({ value: `account:${id}`, label: `Account ${index + 1} · ${id}` })),
        ...customer.cardAccounts.map((id, index) => ({ value: `card:${id}`, label: `Card account ${index + 1} · ${id}` })),
      ],
    }));
}
