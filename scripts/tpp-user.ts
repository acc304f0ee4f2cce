/**
 * `npm run -s tpp:user -- <command>`: the app's users from the command line (lib/tpp/users/user-command.ts),
 * on the app's database. Run under the react-server condition, as Next runs lib/tpp's server modules.
 */
import path from "node:path";
import { text } from "node:stream/consumers";
import { openTppDatabase } from "../lib/tpp/db/open-tpp-database";
import { runUserCommand } from "../lib/tpp/users/user-command";
import { createUsersRepository } from "../lib/tpp/users/users-repository";

const url = process.env.DATABASE_URL;
const dataDir = path.join(path.resolve(process.env.TPP_DATA_DIR ?? ".data/tpp"), "db");
const database = await openTppDatabase(url === undefined || url === "" ? { dataDir } : { url });
try {
  const result = await runUserCommand(process.argv.slice(2), {
    users: createUsersRepository(database.db),
    readPassword: async () => (process.stdin.isTTY ? "" : (await text(process.stdin)).replace(/\r?\n$/, "")),
    now: new Date(),
  });
  (result.exitCode === 0 ? process.stdout : process.stderr).write(result.output);
  process.exitCode = result.exitCode;
} finally {
  await database.close();
}
