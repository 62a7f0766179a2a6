"use client";
// "Copiar código" where no link applies the coupon in the shop (lib/stores/coupon-link.ts): one tap
// copies the code, and the hint says where to paste it (a polite live region announces the copy).
import { useState } from "react";

export function CopyCode({ code, hint, className }: { code: string; hint: string; className: string }) {
  const [copied, setCopied] = useState<"" | "ok" | "failed">("");
  return (
    <div>
      <button
        type="button"
        className={className}
        onClick={() =>
          navigator.clipboard.writeText(code).then(
            () => setCopied("ok"),
            () => setCopied("failed"),
          )
        }
      >
        Copiar código
      </button>
      <p className="mt-2 text-sm text-gray-700" aria-live="polite">
        {copied === "ok" ? "Código copiado! " : copied === "failed" ? "Não foi possível copiar: anote o código. " : ""}
        {hint}
      </p>
    </div>
  );
}
