import { NotFoundPanel } from "@/components/ui/not-found-panel";
import { getRecordRetention } from "@/lib/tpp/retention/record-retention";

/** A call the inspector does not show: deleted after the retention period, never made, or another user's. */
export default function BankCallNotFound() {
  const { period } = getRecordRetention();
  return (
    <NotFoundPanel
      title="No such call to the bank"
      links={[
        { href: "/inspector", label: "Request inspector" },
        { href: "/flows", label: "Flows" },
      ]}
    >
      There is no call at this address for you. The request inspector keeps each call for {period} from when it was made, then deletes it:
      an older call is no longer here. A call made for another user is never shown.
    </NotFoundPanel>
  );
}
