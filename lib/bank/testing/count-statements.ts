import type { PGlite, Transaction } from "@electric-sql/pglite";
import type { FastifyInstance } from "fastify";
import type pg from "pg";

/**
 * Counts every statement the bank sends to its database driver (each one is a round trip: a
 * BEGIN or COMMIT counts too), by wrapping the driver's own query entry points.
 */
export function countStatements(app: FastifyInstance): { statements: string[]; stop: () => void } {
  const statements: string[] = [];
  const record = (text: unknown) => statements.push(typeof text === "string" ? text : String((text as { text?: unknown })?.text ?? text));
  const client = (app.bank.db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (app.bank.databaseKind === "pglite") {
    const lite = client as PGlite;
    const { query, exec, transaction, execProtocol } = lite;
    const wrapTx = (tx: Transaction): Transaction => {
      const txQuery = tx.query.bind(tx);
      const txExec = tx.exec.bind(tx);
      return Object.assign(tx, {
        query: (sql: string, ...rest: unknown[]) => (record(sql), (txQuery as (...args: unknown[]) => unknown)(sql, ...rest)),
        exec: (sql: string, ...rest: unknown[]) => (record(sql), (txExec as (...args: unknown[]) => unknown)(sql, ...rest)),
      }) as Transaction;
    };
    Object.assign(lite, {
      query: (sql: string, ...rest: unknown[]) => (record(sql), (query as (...args: unknown[]) => unknown).call(lite, sql, ...rest)),
      exec: (sql: string, ...rest: unknown[]) => (record(sql), (exec as (...args: unknown[]) => unknown).call(lite, sql, ...rest)),
      // The prepared statements (prepared-reads.ts) speak the protocol, several messages in one
      // call: each Execute message (type E, then its length) runs a statement.
      execProtocol: (message: Uint8Array, ...rest: unknown[]) => {
        const view = new DataView(message.buffer, message.byteOffset, message.byteLength);
        for (let offset = 0; offset + 5 <= message.length; offset += 1 + view.getInt32(offset + 1)) {
          if (message[offset] === 0x45) record("(execute a named statement)");
        }
        return (execProtocol as (...args: unknown[]) => unknown).call(lite, message, ...rest);
      },
      transaction: (callback: (tx: Transaction) => unknown) => {
        record("BEGIN");
        return transaction.call(lite, (tx) => Promise.resolve(callback(wrapTx(tx))).finally(() => record("COMMIT")));
      },
    });
    return {
      statements,
      stop: () => {
        Object.assign(lite, { query, exec, transaction, execProtocol });
      },
    };
  }
  const pool = client as pg.Pool;
  const { query, connect } = pool;
  Object.assign(pool, {
    query: (config: unknown, ...rest: unknown[]) => (
      record(config),
      (query as (...args: unknown[]) => unknown).call(pool, config, ...rest)
    ),
    // A transaction takes a client of its own (pool.query's own connect, with a callback, is left alone).
    connect: (...args: unknown[]) => {
      if (typeof args[0] === "function") return (connect as (...a: unknown[]) => unknown).apply(pool, args);
      return (connect as () => Promise<pg.PoolClient>).call(pool).then((connected) => {
        const { query: clientQuery, release } = connected;
        Object.assign(connected, {
          query: (config: unknown, ...rest: unknown[]) => (
            record(config),
            (clientQuery as (...a: unknown[]) => unknown).call(connected, config, ...rest)
          ),
          release: (...releaseArgs: unknown[]) => {
            Object.assign(connected, { query: clientQuery, release });
            return (release as (...a: unknown[]) => unknown).apply(connected, releaseArgs);
          },
        });
        return connected;
      });
    },
  });
  return {
    statements,
    stop: () => {
      Object.assign(pool, { query, connect });
    },
  };
}
