// One storage interface for uploaded images: Vercel Blob when BLOB_READ_WRITE_TOKEN is set,
// else files under DATA_DIR/uploads served by the app (app/uploads/[...key]).
import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import { env } from "@/lib/env";
import type { ImageType } from "./image-type";

export interface StoredFile {
  url: string;
}

/** Random, unguessable keys: a company folder plus 24 random bytes. */
export function newKey(companyId: string, type: ImageType) {
  return `${companyId}/${randomBytes(24).toString("hex")}.${type.ext}`;
}

export function uploadsDir() {
  return path.resolve(env().DATA_DIR, "uploads");
}

export async function storeImage(companyId: string, bytes: Uint8Array, type: ImageType): Promise<StoredFile> {
  const key = newKey(companyId, type);
  const token = env().BLOB_READ_WRITE_TOKEN;
  if (token) {
    const { put } = await import("@vercel/blob");
    const blob = await put(`products/${key}`, Buffer.from(bytes), {
      access: "public",
      contentType: type.mime,
      token,
      addRandomSuffix: false,
    });
    return { url: blob.url };
  }
  const file = path.join(uploadsDir(), key);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, bytes);
  return { url: `/uploads/${key}` };
}

const SAFE_KEY = /^[0-9a-f-]{36}\/[0-9a-f]{48}\.(png|jpg|gif|webp)$/;

/** Reads a locally stored file; null for anything that is not one of our keys. */
export async function readLocalImage(key: string): Promise<{ bytes: Buffer; ext: string } | null> {
  if (!SAFE_KEY.test(key)) return null;
  try {
    return { bytes: await readFile(path.join(uploadsDir(), key)), ext: key.split(".").pop()! };
  } catch {
    return null;
  }
}
