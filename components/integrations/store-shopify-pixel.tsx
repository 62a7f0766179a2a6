"use client";
// The Shopify "customer events" pixel (docs/stores.md "Experiments' conversions (which visitor placed an order)"): Shopify
// runs no theme script on its checkout, so a Shopify store's experiments learn which visitor placed
// an order from this pixel, pasted once in the store's admin. The money still comes from the signed
// orders/paid webhook.
import { Check, Copy } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { notify } from "@/lib/ui/toast";

export function ShopifyPixel({ code, storeId }: { code: string; storeId: string }) {
  const [copied, setCopied] = useState(false);
  const id = `shopify-pixel-${storeId}`;
  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      setCopied(true);
      notify.success("Pixel copiado!");
    } catch {
      notify.error("Não foi possível copiar. Selecione o texto e copie manualmente.");
    }
  }
  return (
    <details className="mt-2 rounded-lg border border-gray-200 p-3 text-sm">
      <summary className="cursor-pointer font-medium text-gray-900">Pedidos dos testes: pixel da Shopify</summary>
      <p className="mt-2 text-gray-700">
        Para os Testes saberem quais visitantes compraram, no admin da Shopify abra Configurações → Eventos de clientes
        → Adicionar pixel personalizado, cole este código, salve e clique em Conectar.
      </p>
      <label htmlFor={id} className="mt-2 block font-medium text-gray-700">
        Código do pixel
      </label>
      <textarea
        id={id}
        readOnly
        rows={8}
        value={code}
        onFocus={(e) => e.currentTarget.select()}
        className="mt-1 w-full rounded-lg border border-gray-300 bg-gray-50 px-3 py-2 font-mono text-xs"
      />
      <Button variant="secondary" onClick={copy} className="mt-2">
        {copied ? <Check className="h-4 w-4" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
        {copied ? "Copiado" : "Copiar pixel"}
      </Button>
    </details>
  );
}
