"use client";
// Image choice (a product's picture, a wheel's logo): checked here (type, 5 MB), uploaded first
// (the server sniffs the bytes), URL kept in the form.
import { useRef, useState } from "react";
import { useAdmin } from "@/components/admin/admin-context";
import { Button } from "@/components/ui/button";
import { DIRECT_UPLOADS } from "@/lib/env";
import { errorText } from "@/lib/swr/fetcher";
import { endpoints } from "@/lib/swr/writes";
import { MAX_IMAGE_BYTES } from "@/lib/storage/image-type";
import { notify } from "@/lib/ui/toast";
import { PRODUCT_MESSAGES } from "@/lib/copy/products";

const EXT: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
};

/** Straight to Vercel Blob with a token from our server (same checks there); see direct-upload.ts. */
async function sendDirect(file: File, companyId: string): Promise<string> {
  const ext = EXT[file.type];
  if (!ext) throw new Error(PRODUCT_MESSAGES.imageType);
  const { upload } = await import("@vercel/blob/client");
  const key = Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, "0")).join("");
  const blob = await upload(`products/${companyId}/${key}.${ext}`, file, {
    access: "public",
    handleUploadUrl: "/api/products/upload/direct",
  });
  return blob.url;
}

async function sendToServer(file: File): Promise<string> {
  const form = new FormData();
  form.append("image", file);
  return (await endpoints.products.upload(form)).imageUrl;
}

interface Props {
  value: string | null;
  onChange: (url: string | null) => void;
  /** What the image is, for the labels ('Imagem' of the product unless said). */
  label?: string;
  what?: string;
}

export function ImagePicker({ value, onChange, label = "Imagem", what = "imagem do produto" }: Props) {
  const { user } = useAdmin();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  async function pick(file: File | undefined) {
    if (!file) return;
    if (!file.type.startsWith("image/")) return notify.error(PRODUCT_MESSAGES.imageType);
    if (file.size > MAX_IMAGE_BYTES) return notify.error(PRODUCT_MESSAGES.imageSize);
    setBusy(true);
    try {
      onChange(DIRECT_UPLOADS ? await sendDirect(file, user.company_id) : await sendToServer(file));
    } catch (err) {
      notify.error(errorText(err, PRODUCT_MESSAGES.imageType));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  }

  return (
    <div>
      <span className="mb-1 block text-sm font-medium text-gray-700">{label}</span>
      {value ? (
        <div className="flex items-center gap-3">
          {/* eslint-disable-next-line @next/next/no-img-element -- user uploads from local storage or Blob */}
          <img src={value} alt={`Pré-visualização da ${what}`} className="h-20 w-20 rounded-lg border object-cover" />
          <Button variant="secondary" onClick={() => onChange(null)}>
            Remover {label.toLowerCase()}
          </Button>
        </div>
      ) : (
        <div className="flex items-center gap-3">
          <label className="inline-flex cursor-pointer items-center rounded-lg border border-dashed border-gray-400 px-4 py-3 text-sm text-gray-700 hover:bg-gray-50">
            {busy ? "Enviando..." : "Escolher imagem"}
            <input
              ref={input}
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              className="sr-only"
              onChange={(e) => pick(e.target.files?.[0])}
              aria-label={`Escolher ${what}`}
            />
          </label>
          <span className="text-xs text-gray-600">PNG, JPG, GIF ou WebP, até 5MB</span>
        </div>
      )}
    </div>
  );
}
