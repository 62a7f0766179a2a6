// Which database errors are outages (503 UNAVAILABLE with Retry-After, "try again") and which are
// faults (500): docs/api.md "Conventions". 55000 and 57P03 are what a Postgres that is starting, in
// recovery or shutting down answers; a client can do nothing but retry.
import { describe, expect, it } from "vitest";
import { toAppError } from "@/lib/errors";
import { errorResponse } from "@/lib/http/respond";

/** A node-postgres DatabaseError as the driver throws it (the code is SQLSTATE). */
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code, severity: "FATAL" });

describe("database outages", () => {
  it.each([
    ["55000", "object_not_in_prerequisite_state: recovery is in progress"],
    ["57P03", "the database system is starting up"],
    ["57P01", "terminating connection due to administrator command"],
    ["53300", "sorry, too many clients already"],
  ])("SQLSTATE %s answers 503 UNAVAILABLE with Retry-After", async (code, message) => {
    expect(toAppError(pgError(code, message)).code).toBe("UNAVAILABLE");
    const res = errorResponse(pgError(code, message));
    expect(res.status).toBe(503);
    expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await res.json()).code).toBe("UNAVAILABLE");
  });

  it("finds the code inside Prisma's wrapper of a driver error", () => {
    // The shape Prisma 7 throws through @prisma/adapter-pg (seen with a real 55000 from currval).
    const wrapped = Object.assign(new Error("Invalid `prisma.$queryRaw()` invocation: Raw query failed."), {
      code: "P2010",
      meta: { driverAdapterError: { cause: { originalCode: "57P03", kind: "postgres" } } },
    });
    expect(toAppError(wrapped).code).toBe("UNAVAILABLE");
  });

  it("keeps other database errors 500: a query's fault is not an outage", () => {
    expect(toAppError(pgError("42P01", 'relation "x" does not exist')).code).toBe("INTERNAL");
    expect(toAppError(pgError("23503", "foreign key violation")).code).toBe("INTERNAL");
    expect(errorResponse(pgError("42P01", "x")).headers.get("retry-after")).toBeNull();
  });
});
