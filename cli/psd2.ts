/** The psd2 command: `npm run -s psd2 -- <command>`, or `psd2 <command>` once installed. */
import { invocationDirectory } from "./cli-io";
import { runCli } from "./run-cli";

process.exitCode = runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: invocationDirectory(process.env, process.cwd()),
  now: () => new Date(),
});
