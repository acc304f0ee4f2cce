import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { formatDateTime } from "@/components/format";
import { CurlPanel, RequestPanel, ResponsePanel } from "@/components/inspector/bank-call-exchange-panels";
import { BankCallSummaryPanel } from "@/components/inspector/bank-call-summary-panel";
import { statusTone } from "@/components/inspector/inspector-tones";
import { RequestSignaturePanel } from "@/components/inspector/request-signature-panel";
import { BackLink } from "@/components/ui/back-link";
import { Badge } from "@/components/ui/badge";
import { PageHeader } from "@/components/ui/page-header";
import { loadBankCallPage } from "@/lib/tpp/inspector/load-bank-call-page";

export const metadata: Metadata = { title: "Bank call" };

type Params = Promise<{ callId: string }>;

export default async function BankCallPage({ params }: { params: Params }) {
  const { callId } = await params;
  const view = await loadBankCallPage(callId);
  if (view === undefined) notFound();
  const { call } = view;

  return (
    <div className="space-y-6">
      <BackLink href="/inspector" label="Request inspector" />
      <PageHeader
        eyebrow={`Call #${call.id} · ${formatDateTime(call.startedAt)}`}
        title={
          <span className="font-mono text-xl break-all sm:text-2xl">
            {call.method} {view.path}
          </span>
        }
        actions={<Badge tone={statusTone(call.status)}>{call.status === null ? "No reply" : `HTTP ${call.status}`}</Badge>}
      />
      <BankCallSummaryPanel view={view} />
      <RequestSignaturePanel view={view} />
      <RequestPanel view={view} />
      <ResponsePanel view={view} />
      <CurlPanel view={view} />
    </div>
  );
}
