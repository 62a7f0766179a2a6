// GET /api/openapi.json: every route of the inventory (app/api/**/route.ts, walked on disk) is in the
// document with each of its methods and a summary; the document is valid OpenAPI 3.1 (Redocly's
// linter, offline); and the request schemas are the zod schemas that validate, constraints included.
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GET } from "@/app/api/openapi.json/route";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { openApiPath } from "@/lib/openapi/operation";
import { call } from "../helpers/http";
import { loadRoutes } from "./trust/route-files";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the document is plain JSON
type Doc = any;
let doc: Doc;

beforeAll(async () => {
  const res = await call(GET as never, { url: "/api/openapi.json" });
  expect(res.status).toBe(200);
  doc = res.body;
});

const operations = (d: Doc) =>
  Object.entries(d.paths as Record<string, Record<string, Doc>>).flatMap(([p, item]) =>
    Object.entries(item).map(([method, op]) => ({ key: `${method.toUpperCase()} ${p}`, op })),
  );

describe("the OpenAPI document covers the route inventory", () => {
  it("lists every route x method found on disk, and nothing else", async () => {
    const onDisk = (await loadRoutes()).map((r) => `${r.method} ${openApiPath(r.route)}`).sort();
    expect(onDisk.length).toBeGreaterThan(40);
    expect(
      operations(doc)
        .map((o) => o.key)
        .sort(),
    ).toEqual(onDisk);
  });

  it("every operation is described (a route added without `doc` fails here)", () => {
    const undocumented = operations(doc).filter((o) => o.op["x-undocumented"] || !o.op.summary);
    expect(undocumented.map((o) => o.key)).toEqual([]);
  });

  it("flags a handler that carries no description (the check above can fail)", () => {
    const bare = buildOpenApiDocument([{ route: "/api/nova", module: { GET: async () => new Response() } }]);
    expect((bare.paths as Doc)["/api/nova"].get["x-undocumented"]).toBe(true);
  });

  it("states each operation's auth: session routes name both schemes, public ones none", () => {
    const wheels = doc.paths["/api/wheels"].post;
    expect(wheels.security).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
    expect(wheels["x-permission"]).toBe("manage_wheels");
    expect(wheels.responses["201"]).toBeDefined();
    expect(wheels.responses["403"]).toBeDefined();
    const spin = doc.paths["/api/public/{companySlug}/wheels/{wheel}/spin"].post;
    expect(spin.security).toEqual([]);
    expect(spin.responses["201"]).toBeDefined();
    expect(spin.responses["409"]).toBeDefined();
    expect(doc.components.securitySchemes.bearerAuth.scheme).toBe("bearer");
  });

  it("every error answer is the one error shape of docs/api.md (Conventions)", () => {
    const error = doc.components.schemas.Error;
    expect(error.required).toEqual(["error", "code"]);
    for (const { op } of operations(doc)) {
      for (const [status, res] of Object.entries(op.responses as Record<string, Doc>)) {
        if (Number(status) < 400) continue;
        const resolved = res.$ref ? doc.components.responses[res.$ref.split("/").pop()] : res;
        expect(resolved.content["application/json"].schema.$ref).toBe("#/components/schemas/Error");
      }
    }
  });
});

describe("request schemas are the validating zod schemas", () => {
  it("a body keeps its constraints (lengths, ranges, enums, required)", () => {
    const product = doc.paths["/api/products"].post.requestBody.content["application/json"].schema;
    expect(product.required).toEqual(expect.arrayContaining(["name", "description"]));
    expect(product.properties.name).toMatchObject({ type: "string", minLength: 1, maxLength: 255 });
    expect(product.properties.stock).toMatchObject({ type: "integer", minimum: 0, maximum: 1_000_000 });
    const spin =
      doc.paths["/api/public/{companySlug}/wheels/{wheel}/spin"].post.requestBody.content["application/json"].schema;
    expect(spin.properties.consent).toMatchObject({ const: true });
    expect(spin.properties.name.maxLength).toBe(255);
  });

  it("a query becomes parameters with their constraints", () => {
    const params = doc.paths["/api/wheels/spins/all"].get.parameters as Doc[];
    const byName = Object.fromEntries(params.map((p) => [p.name, p]));
    expect(byName.limit.schema).toMatchObject({ minimum: 1, maximum: 1000 });
    expect(byName.status.schema.enum).toEqual(["won", "lost"]);
    expect(byName.wheel_id.schema.format).toBe("uuid");
  });

  it("a pinned answer is documented with its schema", () => {
    const created = doc.paths["/api/wheels/{id}/sources"].post.responses["201"].content["application/json"].schema;
    expect(created.properties.source.$ref).toBe("#/components/schemas/Source");
    expect(doc.components.schemas.Source.required).toEqual(["id", "name", "key", "url", "unit_id", "created_at"]);
  });

  it("path parameters are declared", () => {
    const params = doc.paths["/api/wheels/{id}/products/{productId}"].delete.parameters as Doc[];
    expect(params.filter((p) => p.in === "path").map((p) => p.name)).toEqual(["id", "productId"]);
  });
});

describe("the document is valid OpenAPI 3.1", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "openapi-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const lint = (file: string) =>
    execFileSync(process.execPath, ["node_modules/@redocly/cli/bin/cli.js", "lint", file, "--config", "redocly.yaml"], {
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      encoding: "utf8",
      stdio: "pipe",
    });

  it("passes Redocly's recommended rules", () => {
    expect(doc.openapi).toBe("3.1.0");
    const file = path.join(dir, "openapi.json");
    writeFileSync(file, JSON.stringify(doc));
    // Errors make the CLI exit non-zero (execFileSync throws with its report).
    expect(lint(file)).toBeDefined();
  }, 60_000);

  it("the linter does catch a broken document", () => {
    const file = path.join(dir, "broken.json");
    const broken = structuredClone(doc);
    // A templated path whose parameter is not declared (rule path-parameters-defined).
    delete broken.paths["/api/wheels/{id}"].get.parameters;
    writeFileSync(file, JSON.stringify(broken));
    expect(() => lint(file)).toThrow();
  }, 60_000);
});
