/**
 * Makes a user in the TPP app's database (PGlite in a data directory), as the production app's
 * end-to-end test needs one (production makes no demo user). lib/tpp's database and password
 * modules are server-only, so this runs in a Node process of its own under the react-server
 * condition, as Next runs them:
 *   tsx --conditions=react-server e2e/support/create-app-user.ts <dataDir> <username> <displayName>
 * with the password on stdin (never in the process list).
 */
import { randomUUID } from "node:crypto";
import { text } from "node:stream/consumers";
import { hashPassword } from "../../lib/tpp/auth/hash-password";
import { openTppDatabase } from "../../lib/tpp/db/open-tpp-database";
import { createUsersRepository } from "../../lib/tpp/users/users-repository";

const [dataDir, username, displayName] = process.argv.slice(2);
if (dataDir === undefined || username === undefined || displayName === undefined) {
  console.error("usage: create-app-user.ts <dataDir> <username> <displayName> (the password on stdin)");
  process.exit(2);
}
const password = (await text(process.stdin)).trim();
if (password === "") {
  console.error("create-app-user.ts: no password on stdin");
  process.exit(2);
}
const database = await openTppDatabase({ dataDir });
try {
  await createUsersRepository(database.db).insert({
    id: randomUUID(),
    username,
    displayName,
    passwordHash: await hashPassword(password),
    createdAt: new Date(),
  });
} finally {
  await database.close();
}
