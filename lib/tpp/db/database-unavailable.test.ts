import { DrizzleQueryError } from "drizzle-orm";
import { DatabaseError } from "pg";
import { describe, expect, it } from "vitest";
import { describeError } from "../describe-error";
import { TppError } from "../errors";
import { isDatabaseUnavailable, toDatabaseUnavailable } from "./database-unavailable";

/** A server's error as node-postgres makes it from the wire. */
function serverError(code: string, message: string): DatabaseError {
  const error = new DatabaseError(message, message.length, "error");
  error.code = code;
  return error;
}

const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:5432"), { code: "ECONNREFUSED" });

describe("isDatabaseUnavailable", () => {
  it("knows a server going away or not there, also inside Drizzle's error", () => {
    expect(isDatabaseUnavailable(refused)).toBe(true);
    expect(isDatabaseUnavailable(new AggregateError([refused], "connect failed"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    for (const code of ["57P01", "57P02", "57P03", "08006"]) {
      expect(isDatabaseUnavailable(new DrizzleQueryError("select 1", [], serverError(code, "terminating connection")))).toBe(true);
    }
  });

  it("leaves the bank's connection failures to the bank: an error of the app is classified already", () => {
    const bank = new TppError("ASPSP_UNREACHABLE", "The bank at http://127.0.0.1:1 could not be reached", { cause: refused });
    expect(isDatabaseUnavailable(bank)).toBe(false);
    expect(describeError(bank)?.code).toBe("ASPSP_UNREACHABLE");
    expect(isDatabaseUnavailable(new TppError("DATABASE_UNAVAILABLE", "gone"))).toBe(true);
  });

  it("leaves a query the server refused as it is", () => {
    const duplicate = new DrizzleQueryError("insert into payments ...", ["x"], serverError("23505", "duplicate key value"));
    expect(isDatabaseUnavailable(duplicate)).toBe(false);
    expect(toDatabaseUnavailable(duplicate)).toBe(duplicate);
    expect(describeError(duplicate)).toBeUndefined();
  });
});

describe("a database out of reach, as a page shows it", () => {
  it("says so in words, with what to do, and never the query or its parameters", () => {
    const thrown = new DrizzleQueryError(
      'select "id" from "payments" where "user_id" = $1',
      ["user-1"],
      serverError("57P01", "terminating connection due to administrator command"),
    );
    const converted = toDatabaseUnavailable(thrown);
    expect(converted).toBeInstanceOf(TppError);
    expect(converted).toMatchObject({ code: "DATABASE_UNAVAILABLE" });
    const display = describeError(thrown);
    expect(display).toMatchObject({ code: "DATABASE_UNAVAILABLE", title: "The app's database could not be reached" });
    expect(display?.summary).toContain("Try again in a moment");
    expect(display?.summary).toContain("57P01: terminating connection due to administrator command");
    expect(display?.summary).not.toMatch(/select|payments|user-1/);
  });
});
