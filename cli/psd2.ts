/** The psd2 command: `npm run -s psd2 -- <command>`, or `psd2 <command>` once installed. */
import { runCli } from "./run-cli";

process.exitCode = runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
  now: () => new Date(),
});
