/** See build-bank.mjs. */
export const BANK_INPUT_FOLDERS: readonly string[];
export const BANK_INPUT_FILES: readonly string[];
export const BANK_ENTRY: string;
export const BANK_BUILD_DIR: string;
export const BANK_BUNDLE: string;
export const BANK_NODE_OPTIONS: readonly string[];
export function computeBankStamp(root: string): string;
export function bankBundleIsCurrent(root: string, stamp?: string): boolean;
export function bundleForNode(root: string, options: { entry: string; outfile: string; conditions?: readonly string[] }): Promise<string[]>;
export function buildBankBundle(root: string, stamp?: string): Promise<void>;
export function ensureBankBundle(root: string, options?: { force?: boolean }): Promise<boolean>;
