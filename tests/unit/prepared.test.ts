import { describe, expect, it } from "vitest";
import { prepared, statementName } from "@/lib/db/prepared";
import { Prisma } from "@/lib/generated/prisma/client";

describe("prepared statements", () => {
  it("names marked statements after their text, with parameters still bound", () => {
    const a = prepared(Prisma.sql`SELECT id FROM "Wheel" WHERE slug = ${"roleta"}`);
    const b = prepared(Prisma.sql`SELECT id FROM "Wheel" WHERE slug = ${"outra'; DROP TABLE x; --"}`);
    expect(a.values).toEqual(["roleta"]);
    expect(a.text).not.toContain("roleta");
    expect(statementName({ sql: a.text })).toMatch(/^prepared_[0-9a-f]{24}$/);
    expect(statementName({ sql: b.text })).toBe(statementName({ sql: a.text }));
    const other = prepared(Prisma.sql`SELECT name FROM "Wheel" WHERE slug = ${"roleta"}`);
    expect(statementName({ sql: other.text })).not.toBe(statementName({ sql: a.text }));
  });

  it("leaves every other statement unnamed (planned per execution, as before)", () => {
    expect(statementName({ sql: Prisma.sql`SELECT 1`.text })).toBe("");
    expect(statementName({ sql: 'SELECT "public"."Company"."id" FROM "public"."Company"' })).toBe("");
  });
});
