"use client";
// The embed wizard's "Quem vê a roleta" (docs/embed.md "Who sees it"): the targeting rules written as
// the snippet's data-* (lib/embed/snippet.ts), shown back in plain pt-BR. Every rule set must hold.
import { inputClass } from "@/components/ui/field";
import { targetingError, targetingSentences, type Targeting } from "@/lib/embed/snippet";
import { cn } from "@/lib/ui/cn";

const label = "block text-sm font-medium text-gray-800";
const hint = "mt-1 block text-xs font-normal text-gray-600";

export function EmbedTargeting({ value, onChange }: { value: Targeting; onChange: (next: Targeting) => void }) {
  const set = (patch: Partial<Targeting>) => onChange({ ...value, ...patch });
  const error = targetingError(value);
  const sentences = targetingSentences(value);
  const text = (key: "utmSource" | "utmMedium" | "utmCampaign" | "referrer", title: string, placeholder: string) => (
    <label className={label}>
      {title}
      <input
        className={`${inputClass} mt-1`}
        value={value[key] ?? ""}
        placeholder={placeholder}
        onChange={(e) => set({ [key]: e.target.value })}
      />
    </label>
  );
  return (
    <fieldset className="space-y-3 rounded-lg border border-gray-200 p-3">
      <legend className="px-1 text-sm font-semibold text-gray-900">Quem vê a roleta</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className={label}>
          Visitantes
          <select
            className={`${inputClass} mt-1`}
            value={value.visitor ?? ""}
            onChange={(e) => set({ visitor: e.target.value as Targeting["visitor"] })}
          >
            <option value="">Todos</option>
            <option value="new">Só novos (primeira visita)</option>
            <option value="returning">Só quem já visitou antes</option>
          </select>
        </label>
        <label className={label}>
          Aparelho
          <select
            className={`${inputClass} mt-1`}
            value={value.device ?? ""}
            onChange={(e) => set({ device: e.target.value as Targeting["device"] })}
          >
            <option value="">Celular e computador</option>
            <option value="mobile">Só celular</option>
            <option value="desktop">Só computador</option>
          </select>
        </label>
        {text("utmSource", "utm_source (opcional)", "instagram, facebook")}
        {text("utmMedium", "utm_medium (opcional)", "cpc, email")}
        {text("utmCampaign", "utm_campaign (opcional)", "black-friday*")}
        {text("referrer", "Vindo do site (opcional)", "*google.*, instagram.com")}
        <label className={label}>
          Carrinho a partir de (R$, opcional)
          <input
            className={cn(`${inputClass} mt-1`, error && value.minCart && "border-red-500")}
            inputMode="decimal"
            value={value.minCart ?? ""}
            placeholder="150"
            onChange={(e) => set({ minCart: e.target.value })}
          />
        </label>
        <label className={label}>
          Ler o carrinho de
          <select
            className={`${inputClass} mt-1`}
            value={value.cart ?? ""}
            onChange={(e) => set({ cart: e.target.value as Targeting["cart"] })}
          >
            <option value="">Detectar (Shopify, senão WooCommerce)</option>
            <option value="shopify">Shopify (/cart.js)</option>
            <option value="woocommerce">WooCommerce (Store API)</option>
            <option value="page">Valor escrito na página (data-cart-value, ex.: Nuvemshop)</option>
          </select>
        </label>
        <label className={label}>
          Páginas vistas na visita, no mínimo (opcional)
          <input
            className={cn(`${inputClass} mt-1`, error && value.pagesSeen && "border-red-500")}
            inputMode="numeric"
            value={value.pagesSeen ?? ""}
            placeholder="3"
            onChange={(e) => set({ pagesSeen: e.target.value })}
          />
        </label>
      </div>
      <span className={hint}>Separe opções por vírgulas; * vale qualquer trecho.</span>
      <div className="space-y-1 text-sm text-gray-800">
        <label className="flex items-center gap-2">
          <input type="checkbox" checked={!!value.excludeWon} onChange={(e) => set({ excludeWon: e.target.checked })} />
          Não mostrar para quem já ganhou um prêmio neste navegador
        </label>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={!!value.excludeBought}
            onChange={(e) => set({ excludeBought: e.target.checked })}
          />
          Não mostrar para quem já comprou neste navegador
        </label>
      </div>
      {error ? (
        <p role="alert" className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : (
        <div className="rounded-lg bg-gray-50 p-3 text-sm text-gray-800" data-testid="embed-audience">
          {sentences.length ? (
            <>
              <p className="font-medium">A roleta aparece quando tudo isto vale:</p>
              <ul className="mt-1 list-disc pl-5">
                {sentences.map((s) => (
                  <li key={s}>{s}</li>
                ))}
              </ul>
            </>
          ) : (
            <p>A roleta aparece para todos os visitantes.</p>
          )}
        </div>
      )}
    </fieldset>
  );
}
