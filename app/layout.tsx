import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { EnvironmentBanner } from "@/components/environment-banner";
import { SiteHeader } from "@/components/site-header";
import { ZodWithoutEval } from "@/components/zod-without-eval";
import { getCurrentUser } from "@/lib/tpp/auth/get-current-user";
import { getAppEnvironment } from "@/lib/tpp/get-app-environment";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "PSD2 TPP Demo", template: "%s · PSD2 TPP Demo" },
  description:
    "A third-party provider application for Norwegian PSD2 banks (Berlin Group NextGenPSD2 1.3): accounts, balances, transactions, payments and signing baskets.",
  // The header's "P2" mark (public/): the SVG where a browser takes one, the ICO for the others and for /favicon.ico.
  icons: {
    icon: [
      { url: "/favicon.svg", type: "image/svg+xml" },
      { url: "/favicon.ico", sizes: "16x16 32x32 48x48" },
    ],
  },
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#1d4ed8" };

export default async function RootLayout({ children }: { children: ReactNode }) {
  const [user, environment] = await Promise.all([getCurrentUser(), Promise.resolve(getAppEnvironment())]);
  return (
    <html lang="en">
      <body className="flex min-h-screen flex-col bg-slate-50 font-sans text-slate-900 antialiased">
        <ZodWithoutEval />
        <SiteHeader
          user={user === undefined ? undefined : { displayName: user.displayName }}
          sandbox={environment.environment === "sandbox"}
          environment={<EnvironmentBanner environment={environment.environment} bankHost={new URL(environment.aspspBaseUrl).host} />}
        />
        <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 lg:py-10">
          {children}
        </main>
        <footer className="border-t border-slate-200 bg-white">
          <div className="mx-auto flex w-full max-w-6xl flex-col gap-1 px-4 py-4 text-xs text-slate-500 sm:flex-row sm:justify-between sm:px-6">
            <span>Berlin Group NextGenPSD2 1.3 · Norwegian PSD2 interface</span>
            <span>Every bank call is signed by this app&apos;s server and shown in the request inspector.</span>
          </div>
        </footer>
      </body>
    </html>
  );
}
