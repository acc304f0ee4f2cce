import type { Executor } from "../../db/open-bank-database";
import type { ServiceContext } from "../service-context";

/**
 * What the sandbox operations read of the services' context: the database (or a transaction of
 * it) and the sandbox clock. An operation that needs the database only takes Pick<..., "db">.
 */
export type SandboxContext = Pick<ServiceContext, "clock"> & { db: Executor };
