/**
 * A process's resident memory for `npm run bench`, read from /proc (Linux only: elsewhere it
 * throws a message saying so).
 */
import { readFileSync } from "node:fs";

/** The resident set (VmRSS) of the process `pid`, in MB (10^6 bytes), to 0.1 MB. */
export function residentMemoryMb(pid: number): number {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, "utf8");
  } catch (error) {
    throw new Error(`the resident memory of process ${pid} is read from /proc/${pid}/status (Linux only): ${(error as Error).message}`);
  }
  const kilobytes = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (kilobytes === undefined) throw new Error(`/proc/${pid}/status has no VmRSS line`);
  return Math.round((Number(kilobytes) * 1024) / 1e5) / 10;
}
