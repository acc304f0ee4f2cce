import "server-only";
import { readDemoCredentials, type DemoCredentials } from "./auth/demo-user";
import { type AspspEnvironment, getTppConfig } from "./config";

/** What the pages show about where the app runs: the environment banner and the bank. */
export interface AppEnvironment {
  readonly environment: AspspEnvironment;
  readonly aspspBaseUrl: string;
  /** The demo user's credentials for the sign-in page: sandbox only. */
  readonly demoCredentials: DemoCredentials | undefined;
}

export function getAppEnvironment(): AppEnvironment {
  const config = getTppConfig();
  return {
    environment: config.environment,
    aspspBaseUrl: config.aspspBaseUrl,
    demoCredentials: config.environment === "sandbox" ? readDemoCredentials(config.dataDir) : undefined,
  };
}
