"use client";
// The copyable iframe snippet for embedding an active wheel in another site.
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { notify } from "@/lib/ui/toast";

export function EmbedModal({ url, onClose }: { url: string | null; onClose: () => void }) {
  const snippet = url
    ? `<iframe src="${url}?embed=1" width="100%" height="720" style="border:0;max-width:480px" title="Roleta de prêmios" loading="lazy"></iframe>`
    : "";
  return (
    <Modal
      open={!!url}
      onClose={onClose}
      title="Incorporar roleta"
      description="Cole este código no seu site para exibir a roleta."
    >
      <label htmlFor="embed-code" className="sr-only">
        Código de incorporação
      </label>
      <textarea
        id="embed-code"
        readOnly
        rows={4}
        className={`${inputClass} font-mono text-xs`}
        value={snippet}
        onFocus={(e) => e.target.select()}
      />
      <div className="mt-3 flex justify-end">
        <Button
          onClick={() =>
            navigator.clipboard.writeText(snippet).then(
              () => notify.success("Código copiado!"),
              () => notify.error("Não foi possível copiar"),
            )
          }
        >
          Copiar código
        </Button>
      </div>
    </Modal>
  );
}
