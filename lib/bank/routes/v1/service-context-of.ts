import type { FastifyInstance } from "fastify";
import type { ServiceContext } from "../../services/service-context";
import { deriveCursorKey } from "../../services/account-information/transaction-cursor";

const contexts = new WeakMap<object, ServiceContext>();

/** The services' dependencies, from the bank's context; made once per bank (the cursor key is derived once). */
export function serviceContextOf(app: FastifyInstance): ServiceContext {
  const { bank } = app;
  let context = contexts.get(bank);
  if (!context) {
    context = {
      db: bank.db,
      clock: bank.clock,
      publicUrl: bank.config.publicWebUrl,
      domesticDetailsKnownIssue: bank.config.switches.domesticDetailsKnownIssue,
      pendingKnownIssue: bank.config.switches.pendingKnownIssue,
      cursorKey: deriveCursorKey(bank.pki.ca.privateKeyPem),
    };
    contexts.set(bank, context);
  }
  return context;
}
