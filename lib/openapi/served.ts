// The document GET /api/openapi.json serves, built once per process from the generated index of
// route modules (scripts/api-route-index.mjs). Imported lazily: the index imports this route too.
import { buildOpenApiDocument } from "./document";

let built: Promise<ReturnType<typeof buildOpenApiDocument>> | undefined;

export function openApiDocument() {
  built ??= import("@/lib/generated/api-routes").then(({ API_ROUTES }) => buildOpenApiDocument(API_ROUTES));
  return built;
}
