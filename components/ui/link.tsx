import NextLink from "next/link";
import type { ComponentProps } from "react";

/**
 * A link between the app's own pages: next/link, without prefetching unless asked. Every page is
 * rendered on request (it reads the PSU's session, the database and often the bank), and next/link
 * prefetches each link in view: the navigation alone, twice over (its wide and its narrow form),
 * made every page view cost the server fourteen requests beside the page's own, four times the
 * page's CPU. A click still navigates without a full load.
 */
export function Link({ prefetch = false, ...props }: ComponentProps<typeof NextLink>) {
  return <NextLink prefetch={prefetch} {...props} />;
}
