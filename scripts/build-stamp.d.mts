/** See build-stamp.mjs. */
export const INPUT_FOLDERS: readonly string[];
export const INPUT_FILES: readonly string[];
export const STAMP_FILE: string;
export function computeBuildStamp(root: string, env?: Record<string, string | undefined>): string;
export function buildIsCurrent(root: string, stamp: string): boolean;
export function recordBuildStamp(root: string, stamp: string): void;
export function hashInputs(
  root: string,
  inputs: { folders: readonly string[]; files: readonly string[]; env?: Record<string, string | undefined>; envPrefix?: string },
): string;
