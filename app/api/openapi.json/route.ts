import { publicRoute } from "@/lib/http/route-wrapper";
import { json } from "@/lib/http/respond";
import { openApiDocument } from "@/lib/openapi/served";

export const GET = publicRoute({ doc: { summary: "This API's OpenAPI 3.1 document" } }, async () =>
  json(await openApiDocument(), 200, { "cache-control": "public, max-age=300", "access-control-allow-origin": "*" }),
);
