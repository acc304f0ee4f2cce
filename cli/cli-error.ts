/** A problem with the command's input: printed as one line, exit code 2, never a stack trace. */
export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CliError";
  }
}
