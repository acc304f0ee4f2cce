import { CliError } from "./cli-error";
import type { CliIo } from "./cli-io";
import { certCommand, certUsage } from "./commands/cert-command";
import { signCommand, signUsage } from "./commands/sign-command";
import { verifyCommand, verifyUsage } from "./commands/verify-command";
import { verifyResponseCommand, verifyResponseUsage } from "./commands/verify-response-command";

export const usage = `psd2: sign, send (as curl) and verify PSD2 requests, and verify the bank's signed replies (Berlin Group NextGenPSD2, supplement §9)

${signUsage}
${verifyUsage}
${verifyResponseUsage}
${certUsage}

Exit codes: 0 done (verify, verify-response: PASS), 1 verify, verify-response: FAIL, 2 bad input.`;

/** Runs one command; returns its exit code. Bad input is one line on stderr and exit code 2. */
export function runCli(args: string[], io: CliIo): number {
  const [command, ...rest] = args;
  try {
    switch (command) {
      case "sign":
        return signCommand(rest, io);
      case "verify":
        return verifyCommand(rest, io);
      case "verify-response":
        return verifyResponseCommand(rest, io);
      case "cert":
        return certCommand(rest, io);
      case undefined:
      case "help":
      case "--help":
      case "-h":
        io.stdout(`${usage}\n`);
        return command === undefined ? 2 : 0;
      default:
        throw new CliError(`unknown command '${command}' (sign, verify, verify-response, cert; psd2 --help shows how to use them)`);
    }
  } catch (error) {
    // parseArgs reports unknown or malformed flags with ERR_PARSE_ARGS_* codes.
    const isArgsError = error instanceof Error && "code" in error && String(error.code).startsWith("ERR_PARSE_ARGS");
    if (error instanceof CliError || isArgsError) {
      const message = error instanceof Error ? error.message : String(error);
      io.stderr(`psd2: ${message.split("\n")[0]}\n`);
      return 2;
    }
    const message = error instanceof Error ? error.message : String(error);
    io.stderr(`psd2: unexpected error: ${message.split("\n")[0]}\n`);
    return 2;
  }
}
