// Serves locally stored product images (when Vercel Blob is not configured).
import { MIME_BY_EXT } from "@/lib/storage/image-type";
import { readLocalImage } from "@/lib/storage";

export async function GET(_req: Request, ctx: { params: Promise<{ key: string[] }> }) {
  const { key } = await ctx.params;
  const file = await readLocalImage(key.join("/"));
  if (!file)
    return new Response("Não encontrado", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "content-type": MIME_BY_EXT[file.ext],
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'none'; sandbox",
    },
  });
}
