/** See app-node-options.mjs. */
export const APP_NODE_OPTIONS: readonly string[];
export const NEXT_BIN: string;
