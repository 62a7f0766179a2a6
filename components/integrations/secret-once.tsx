"use client";
// The new endpoint's signing secret, shown once (the server never sends it again), with a copy button.
import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/modal";
import { notify } from "@/lib/ui/toast";

export function SecretOnce({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret ?? "");
      setCopied(true);
      notify.success("Segredo copiado!");
    } catch {
      notify.error("Não foi possível copiar. Selecione o texto e copie manualmente.");
    }
  }
  return (
    <Modal open={!!secret} onClose={onClose} title="Segredo de assinatura">
      <div className="space-y-4">
        <p className="text-sm text-gray-700">
          Guarde este segredo agora: <strong>ele não será mostrado de novo</strong>. Use-o para verificar a assinatura
          (Standard Webhooks) de cada entrega.
        </p>
        <label htmlFor="webhook-secret" className="block text-sm font-medium text-gray-700">
          Segredo
        </label>
        <input
          id="webhook-secret"
          readOnly
          value={secret ?? ""}
          onFocus={(e) => e.currentTarget.select()}
          className="w-full rounded-lg border border-gray-300 bg-gray-50 px-3 py-2 font-mono text-xs break-all"
        />
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="secondary" onClick={copy}>
            {copied ? <Check className="h-4 w-4" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
            {copied ? "Copiado" : "Copiar segredo"}
          </Button>
          <Button onClick={onClose}>Concluir</Button>
        </div>
      </div>
    </Modal>
  );
}
