import type { AspspEnvironment } from "@/lib/tpp/config";

/** Always on top: which bank environment the app talks to. */
export function EnvironmentBanner({ environment, bankHost }: { environment: AspspEnvironment; bankHost: string }) {
  if (environment === "production") {
    return (
      <div role="note" aria-label="Environment" className="bg-slate-900 px-4 py-1.5 text-center text-xs font-medium text-slate-100">
        <span className="mr-2 inline-block h-2 w-2 rounded-full bg-emerald-400 align-middle" aria-hidden="true" />
        Production · real accounts at {bankHost}
      </div>
    );
  }
  return (
    <div
      role="note"
      aria-label="Environment"
      className="border-b border-amber-200 bg-amber-50 px-4 py-1.5 text-center text-xs font-medium text-amber-900"
    >
      <span className="mr-2 inline-block rounded bg-amber-200 px-1.5 py-px text-[10px] font-bold tracking-wider uppercase">Sandbox</span>
      Simulated bank at {bankHost}: test customers, no real money
    </div>
  );
}
