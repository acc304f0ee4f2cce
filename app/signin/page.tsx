import type { Metadata } from "next";
import { connection } from "next/server";
import { SignInForm } from "@/components/sign-in-form";
import { describeSignInError } from "@/lib/tpp/auth/sign-in-throttle";
import { safeReturnPath } from "@/lib/tpp/flows/safe-return-path";
import { getAppEnvironment } from "@/lib/tpp/get-app-environment";

export const metadata: Metadata = { title: "Sign in" };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function SignInPage({ searchParams }: { searchParams: SearchParams }) {
  // Rendered per request: it reads the configuration and the demo user's file, never at build time.
  await connection();
  const query = await searchParams;
  const callbackUrl = safeReturnPath(typeof query.callbackUrl === "string" ? query.callbackUrl : undefined);
  const error = describeSignInError(typeof query.error === "string" ? query.error : undefined);
  const { environment, demoCredentials } = getAppEnvironment();
  return (
    <div className="mx-auto max-w-md">
      <section className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8" aria-labelledby="signin-title">
        <h1 id="signin-title" className="text-2xl font-bold tracking-tight text-slate-900">
          Sign in
        </h1>
        {query.signedOut === "1" && error === undefined && (
          <p role="status" className="mt-3 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
            You are signed out.
          </p>
        )}
        <p className="mt-2 text-sm leading-6 text-slate-600">Sign in to the TPP app to connect your bank.</p>
        {environment === "sandbox" && demoCredentials !== undefined && (
          <div className="mt-5 rounded-lg border border-brand-100 bg-brand-50 p-4 text-sm text-brand-900">
            <p className="font-semibold">Sandbox demo user</p>
            <dl className="mt-2 grid grid-cols-[max-content_1fr] gap-x-3 gap-y-1">
              <dt className="text-brand-700">User name</dt>
              <dd className="font-mono">{demoCredentials.username}</dd>
              <dt className="text-brand-700">Password</dt>
              <dd className="font-mono">{demoCredentials.password}</dd>
            </dl>
          </div>
        )}
        <SignInForm callbackUrl={callbackUrl} initialError={error} defaultUsername={demoCredentials?.username} />
      </section>
    </div>
  );
}
