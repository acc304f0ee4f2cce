import type { Metadata } from "next";
import type { ReactNode } from "react";
import { SiteHeader } from "@/components/site-header";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "PSD2 TPP Demo", template: "%s · PSD2 TPP Demo" },
  description:
    "A third-party provider application for Norwegian PSD2 banks (Berlin Group NextGenPSD2 1.3): accounts, balances, transactions, payments and signing baskets.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 font-sans text-slate-900 antialiased">
        <SiteHeader />
        <main id="main" className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 lg:py-12">
          {children}
        </main>
      </body>
    </html>
  );
}
