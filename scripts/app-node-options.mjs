/**
 * Node's options for the app's production server (`next start`), whoever starts it: `npm start`,
 * `npm run demo` (modes start and serve, so the e2e tests' apps too) and the benchmarks' app.
 *
 * V8's old generation capped at 256 MB. The app keeps some 70 MB alive (bench:
 * appHeapAfterPageViewsMb); without a cap V8 lets the garbage of its renders pile up to a few
 * hundred MB between full collections on a machine with memory to spare: 337-402 MB resident after
 * 1,000 page views at 16 in flight, against 225-235 MB with the cap, at the same page costs and
 * load figures (docs/performance.md). 256 MB is over three times what the app keeps. `npm run dev`
 * runs with V8's defaults: the compiler lives in that process.
 */
export const APP_NODE_OPTIONS = ["--max-old-space-size=256"];

/** Next's own command line, run by Node itself with APP_NODE_OPTIONS (the file node_modules/.bin/next links to). */
export const NEXT_BIN = "node_modules/next/dist/bin/next";
