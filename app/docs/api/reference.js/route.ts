import { scalarBundle } from "@/lib/openapi/reference-page";

// Scalar's standalone bundle from node_modules, from our own origin (the URL carries its version).
export async function GET() {
  return new Response(new Uint8Array(await scalarBundle()), {
    headers: {
      "content-type": "text/javascript; charset=utf-8",
      "cache-control": "public, max-age=31536000, immutable",
    },
  });
}
