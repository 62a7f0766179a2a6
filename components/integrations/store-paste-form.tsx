"use client";
// Integrações -> Lojas -> Avançado: connecting a store by pasting its credentials (docs/api.md "Stores
// (issue 26)"), for WooCommerce keys made by hand and Shopify custom apps made before 2026; the
// one-click installs (store-install-buttons.tsx) come first. Checked against the store at once.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { api, FetchError } from "@/lib/swr/fetcher";
import { notify } from "@/lib/ui/toast";
import { SecretField } from "./secret-field";

export type Platform = "nuvemshop" | "shopify" | "woocommerce";

export const PLATFORMS: Record<
  Platform,
  {
    label: string;
    url: string;
    fields: { key: string; label: string; secret?: boolean; optional?: boolean }[];
    help: string;
  }
> = {
  nuvemshop: {
    label: "Nuvemshop",
    url: "Endereço da loja",
    fields: [
      { key: "store_id", label: "ID da loja" },
      { key: "user_id", label: "ID do usuário (user_id)" },
      { key: "access_token", label: "Access token", secret: true },
    ],
    help: 'Só para quem tem o próprio app no Portal de Parceiros da Nuvemshop: o ID da loja (user_id) e o access token que a instalação do seu app devolveu. Os demais lojistas usam "Conectar com a Nuvemshop".',
  },
  shopify: {
    label: "Shopify",
    url: "Endereço .myshopify.com",
    fields: [
      { key: "access_token", label: "Token da Admin API (shpat_...)", secret: true },
      // Signs Shopify's order webhooks (docs/api.md "Store orders (issue 39)").
      {
        key: "webhook_secret",
        label: "Chave secreta da API (para ver os pedidos; opcional)",
        secret: true,
        optional: true,
      },
    ],
    help: 'Só para apps personalizados criados no admin da Shopify antes de 2026 (Configurações → Apps → Desenvolver apps): copie o token da Admin API (shpat_...) e a chave secreta da API. Desde 1º de janeiro de 2026 a Shopify não cria mais esses apps: use "Conectar com a Shopify".',
  },
  woocommerce: {
    label: "WooCommerce",
    url: "Endereço do site (https)",
    fields: [
      { key: "consumer_key", label: "Consumer key (ck_...)" },
      { key: "consumer_secret", label: "Consumer secret (cs_...)", secret: true },
    ],
    help: "No WordPress: WooCommerce → Configurações → Avançado → API REST → Adicionar chave, com permissão Leitura/Escrita; copie a chave do cliente (ck_...) e a senha do cliente (cs_...).",
  },
};

const message = (err: unknown, fallback: string) => (err instanceof FetchError && err.message ? err.message : fallback);

export function StorePasteForm({ onSaved }: { onSaved: () => void }) {
  const [platform, setPlatform] = useState<Platform>("woocommerce");
  const [name, setName] = useState("");
  const [url, setUrl] = useState("");
  const [credentials, setCredentials] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const p = PLATFORMS[platform];

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const picked = Object.fromEntries(
        p.fields.filter((f) => !f.optional || credentials[f.key]?.trim()).map((f) => [f.key, credentials[f.key] ?? ""]),
      );
      await api("/integrations/stores", {
        method: "POST",
        body: { platform, name, store_url: url, credentials: picked },
      });
      notify.success("Loja conectada com sucesso!");
      setName("");
      setUrl("");
      setCredentials({});
      onSaved();
    } catch (err) {
      setError(message(err, "Erro ao conectar a loja"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={save} noValidate className="space-y-3">
      <div>
        <label htmlFor="store-platform" className="mb-1 block text-sm font-medium text-gray-700">
          Plataforma
        </label>
        <select
          id="store-platform"
          className={inputClass}
          value={platform}
          onChange={(e) => setPlatform(e.target.value as Platform)}
        >
          {Object.entries(PLATFORMS).map(([key, v]) => (
            <option key={key} value={key}>
              {v.label}
            </option>
          ))}
        </select>
        <p className="mt-1 text-xs text-gray-600">{p.help}</p>
      </div>
      <Field label="Nome" value={name} onChange={(e) => setName(e.target.value)} />
      <Field label={p.url} type="url" placeholder="https://" value={url} onChange={(e) => setUrl(e.target.value)} />
      {p.fields.map((f) => {
        const field = {
          label: f.label,
          value: credentials[f.key] ?? "",
          onChange: (e: React.ChangeEvent<HTMLInputElement>) =>
            setCredentials({ ...credentials, [f.key]: e.target.value }),
        };
        const key = `${platform}-${f.key}`;
        return f.secret ? (
          <SecretField key={key} {...field} />
        ) : (
          <Field key={key} type="text" autoComplete="off" {...field} />
        );
      })}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" loading={busy} disabled={busy}>
        Conectar loja
      </Button>
    </form>
  );
}
