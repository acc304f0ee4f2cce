import { messages as backend, PGlite, parse, protocol, type QueryOptions, type Results } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import type { BankDatabase, Executor } from "../db/open-bank-database";
import * as schema from "../db/schema";

const { serialize } = protocol;

// Statement names unique in the process, so that no two handles on one PGlite can ever clash.
let statementCount = 0;

/**
 * The `query` of a PGlite that keeps each statement it is given parsed and planned under a name
 * of its own, as PostgreSQL does for a named prepared statement: the first call parses and
 * describes it, every later call only binds and executes. PGlite's own `query` parses and plans
 * every statement anew, which costs several times the execution of a small read. Only for single
 * statements outside a transaction (it takes PGlite's transaction and query locks, as its `query`
 * does): reads, the insert that counts a read without the PSU along with its authorisation, and
 * the statement that stores a new payment (payments-repository.ts).
 * It does not sync the file system after a statement: a no-op for the Node file system anyway.
 */
function namedStatementQuery(pglite: PGlite) {
  const statements = new Map<string, { name: string; parameterTypes: number[] }>();
  const merged = new WeakMap<object, PGlite["parsers"]>();
  const parsersFor = (options: QueryOptions | undefined): PGlite["parsers"] => {
    const own = options?.parsers;
    if (!own) return pglite.parsers;
    let parsers = merged.get(own);
    if (!parsers) merged.set(own, (parsers = { ...pglite.parsers, ...own }));
    return parsers;
  };
  // The messages of a step go in one call: PGlite runs every message of its input before it
  // returns, and Sync ends the step whatever happened (an error skips the rest up to Sync, as on a
  // socket), so that each call leaves the session ready for the next.
  const run = async (...messages: Uint8Array[]) =>
    (await pglite.execProtocol(concatenate([...messages, serialize.sync()]), { syncToFs: false })).messages;
  return (text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results> =>
    pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(async () => {
        let statement = statements.get(text);
        if (!statement) {
          const name = `bank_read_${++statementCount}`;
          const described = await run(serialize.parse({ name, text }), serialize.describe({ type: "S", name }));
          const parameters = described.find((message) => message instanceof backend.ParameterDescriptionMessage);
          statement = { name, parameterTypes: parameters instanceof backend.ParameterDescriptionMessage ? parameters.dataTypeIDs : [] };
          statements.set(text, statement);
        }
        const { parameterTypes } = statement;
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const type = parameterTypes[i];
          const serializer = type === undefined ? undefined : (options?.serializers?.[type] ?? pglite.serializers[type]);
          return serializer ? serializer(value) : String(value);
        });
        const messages = await run(
          serialize.bind({ statement: statement.name, values }),
          serialize.describe({ type: "P" }),
          serialize.execute({}),
        );
        // The parsers merged here once per caller's set (drizzle gives each prepared query its own):
        // parseResults would copy PGlite's 300-odd parsers into a new object on every call.
        const [results] = parse.parseResults(messages, parsersFor(options), options && { ...options, parsers: undefined });
        if (!results) throw new Error("a prepared read returned no result");
        return results;
      }),
    );
}

function concatenate(parts: readonly Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    whole.set(part, offset);
    offset += part.length;
  }
  return whole;
}

// One per PGlite instance: its named statements live in that database session.
const preparedDatabases = new WeakMap<PGlite, BankDatabase>();
const preparedHandles = new WeakSet<Executor>();

/**
 * The database handle to run a prepared read on: on PGlite (outside a transaction) a handle
 * whose statements stay parsed and planned (see namedStatementQuery); otherwise the executor
 * itself, where `prepare(name)` already makes a named statement on each PostgreSQL connection.
 */
export function preparedReadsOf(db: Executor): Executor {
  if (preparedHandles.has(db)) return db;
  const client: unknown = "$client" in db ? db.$client : undefined;
  if (!(client instanceof PGlite)) return db;
  let prepared = preparedDatabases.get(client);
  if (!prepared) {
    // The same PGlite, with its `query` running named statements; drizzle calls nothing else on it for a read.
    const named: PGlite = Object.create(client, { query: { value: namedStatementQuery(client) } });
    prepared = drizzle({ client: named, schema });
    preparedDatabases.set(client, prepared);
    preparedHandles.add(prepared);
  }
  return prepared;
}
