import { NotFoundPanel } from "@/components/ui/not-found-panel";

export default function NotFound() {
  return (
    <NotFoundPanel
      title="Page not found"
      links={[
        { href: "/", label: "Overview" },
        { href: "/accounts", label: "Accounts" },
      ]}
    >
      There is nothing at this address, or it belongs to another user.
    </NotFoundPanel>
  );
}
