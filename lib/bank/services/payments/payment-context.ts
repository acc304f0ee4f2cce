import type { ServiceContext } from "../service-context";

/** What the payment and signing basket services read of the services' context. */
export type PaymentContext = Pick<ServiceContext, "db" | "clock" | "publicUrl" | "domesticDetailsKnownIssue">;
