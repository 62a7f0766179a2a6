// Writes the OpenAPI document (the same GET /api/openapi.json serves) to a file, for the linter.
// Usage: tsx scripts/openapi-write.ts [out]   (default .data/openapi.json)
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { API_ROUTES } from "@/lib/generated/api-routes";
import { buildOpenApiDocument } from "@/lib/openapi/document";

const out = process.argv[2] ?? ".data/openapi.json";
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, JSON.stringify(buildOpenApiDocument(API_ROUTES), null, 2));
console.log(`${out}: ${API_ROUTES.length} route files`);
process.exit(0);
