import { formatDateTime } from "@/components/format";
import { Badge } from "@/components/ui/badge";
import { DetailsList } from "@/components/ui/details-list";
import { Panel } from "@/components/ui/panel";
import type { HomeView } from "@/lib/tpp/home/home-page-view";

/** The user's bank connection: the bank, the environment, the customer and context, the SCA's hour, the ids. */
export function ConnectionPanel({ view }: { view: HomeView }) {
  return (
    <Panel
      id="connection"
      title="Connection"
      className="lg:col-span-2"
      actions={
        view.connected ? (
          <Badge tone={view.scaValid ? "success" : "warning"}>{view.scaValid ? "Approved" : "Approval needed"}</Badge>
        ) : (
          <Badge>Not connected</Badge>
        )
      }
    >
      <DetailsList
        label="Connection"
        items={[
          { term: "Bank", value: view.bankHost },
          {
            term: "Environment",
            value: <Badge tone={view.sandbox ? "warning" : "success"}>{view.sandbox ? "Sandbox" : "Production"}</Badge>,
          },
          { term: "Customer", value: view.customer },
          { term: "PSU context", value: view.context },
          {
            term: "SCA valid until",
            value:
              view.scaValidUntil === undefined ? (
                "No approval yet"
              ) : (
                <>
                  {formatDateTime(view.scaValidUntil)}{" "}
                  {view.scaValid ? <Badge tone="success">valid</Badge> : <Badge tone="warning">expired</Badge>}
                </>
              ),
          },
          { term: "PSU-ID", value: view.psuId ?? "–", mono: true },
          { term: "TPP-Session-ID", value: view.tppSessionId ?? "–", mono: true },
        ]}
      />
    </Panel>
  );
}

/** The app as the bank knows it: its certificate's organisation, TPP id and roles, and whether replies are verified. */
export function TppAtBankPanel({ view }: { view: HomeView }) {
  const { tpp } = view;
  return (
    <Panel id="tpp" title="This app at the bank">
      {tpp === undefined ? (
        <p className="text-sm text-slate-600">The app&apos;s certificate is not loaded yet.</p>
      ) : (
        <DetailsList
          label="This app at the bank"
          items={[
            { term: "Organisation", value: tpp.organisationName },
            { term: "TPP id", value: tpp.tppId, mono: true },
            { term: "Roles", value: tpp.roles.join(", ") },
            { term: "Replies verified", value: tpp.verifiesResponses ? "Yes, against the bank's CA" : "No trust anchors" },
          ]}
        />
      )}
    </Panel>
  );
}
