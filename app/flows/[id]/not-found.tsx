import { NotFoundPanel } from "@/components/ui/not-found-panel";
import { getRecordRetention } from "@/lib/tpp/retention/record-retention";

/** A flow the app does not show: deleted after the retention period, never started, or another user's. */
export default function FlowNotFound() {
  const { period } = getRecordRetention();
  return (
    <NotFoundPanel
      title="No such flow"
      links={[
        { href: "/flows", label: "Flows" },
        { href: "/inspector", label: "Request inspector" },
      ]}
    >
      There is no flow at this address for you. Flows and their calls to the bank are kept for {period} from their start, then deleted with
      their diagrams: an older flow is no longer here. Another user&apos;s flow is never shown.
    </NotFoundPanel>
  );
}
