"use client";
// Integrações -> Lojas (docs/api.md "Stores (issue 26)"): the shop's online stores where store coupons
// are created, each with its state and last error; connecting one checks the credentials at once.
// Credentials are write-only: the list shows only that they are set and their last 4 characters.
// Unused coupons on their way out of the store show until deleted, with the store's refusal if any
// (docs/decisions/stores.md "A store leaves only without our unused coupons").
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DeleteDialog } from "@/components/ui/delete-dialog";
import { Field, inputClass } from "@/components/ui/field";
import { Card } from "@/components/ui/misc";
import { QueryState } from "@/components/ui/query-state";
import { api, FetchError } from "@/lib/swr/fetcher";
import { useApi } from "@/lib/swr/use-api";
import type { ReadAnswers } from "@/lib/api-types";
import { notify } from "@/lib/ui/toast";
import { clockTime, dayOf, shortDateTime } from "@/lib/dates/format";
import { SecretField } from "./secret-field";

type StoresAnswer = ReadAnswers["listStores"];
type StoreRow = StoresAnswer["stores"][number];

/** The store's state in words: the last call's outcome, or the coupons being created. */
function storeState(s: StoreRow): { text: string; ok: boolean } {
  if (s.status !== "ok") {
    const when = s.last_checked_at
      ? dayOf(s.last_checked_at) === dayOf(new Date())
        ? `às ${clockTime(s.last_checked_at)}`
        : `em ${shortDateTime(s.last_checked_at)}`
      : "";
    return { text: `Falhou ${when}: ${s.last_error ?? "erro desconhecido"}`.replace("Falhou :", "Falhou:"), ok: false };
  }
  if (s.reserve.refilling) return { text: "Criando cupons...", ok: true };
  return { text: "Conectada", ok: true };
}

/** What removing a store does, said before it is done: its unused coupons go, and with them the
 *  prizes of the wheels that use them (a live wheel left with none says "Prêmios esgotados"). */
function RemovalEffects({ store }: { store: StoreRow }) {
  const live = store.wheels.filter((w) => w.active);
  return (
    <>
      Remover a loja <strong className="break-all">{store.name}</strong>? Os cupons da roleta ainda não entregues serão
      excluídos da loja; os já entregues aos ganhadores continuam valendo.{" "}
      {store.wheels.length === 0 ? (
        "Nenhuma roleta usa cupons desta loja."
      ) : (
        <>
          Os prêmios com cupons desta loja deixam de sair {store.wheels.length === 1 ? "na roleta" : "nas roletas"}{" "}
          {store.wheels.map((w, i) => (
            <span key={w.id}>
              {i > 0 && ", "}
              <strong>{w.name}</strong>
              {w.active && " (no ar)"}
            </span>
          ))}
          .{" "}
          {live.length > 0 &&
            "Uma roleta no ar sem outros prêmios passa a mostrar “Prêmios esgotados” aos visitantes agora mesmo."}
        </>
      )}
    </>
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
type Platform = "nuvemshop" | "shopify" | "woocommerce";

const PLATFORMS: Record<
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
    help: "Instale o app Roleta Premiada na sua Nuvemshop (permissão de cupons, escopo write_coupons): o ID da loja e o access token aparecem na instalação.",
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
    help: "No Shopify: Configurações → Apps → Desenvolver apps → Criar app → escopos write_discounts, read_discounts e read_orders → Instalar → copie o token da Admin API e a chave secreta da API (para ver os pedidos pagos).",
  },
  woocommerce: {
    label: "WooCommerce",
    url: "Endereço do site (https)",
    fields: [
      { key: "consumer_key", label: "Consumer key (ck_...)" },
      { key: "consumer_secret", label: "Consumer secret (cs_...)", secret: true },
    ],
    help: "No WordPress: WooCommerce → Configurações → Avançado → REST API → Adicionar chave, com permissão Leitura/Escrita.",
  },
};

const message = (err: unknown, fallback: string) => (err instanceof FetchError && err.message ? err.message : fallback);

function StoreForm({ onSaved }: { onSaved: () => void }) {
  const [platform, setPlatform] = useState<Platform>("nuvemshop");
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

export function StoresSection() {
  const query = useApi<StoresAnswer>("/integrations/stores", { errorText: "Erro ao carregar as lojas" });

  const [removing, setRemoving] = useState<StoreRow | null>(null);
  async function remove(s: StoreRow) {
    try {
      await api(`/integrations/stores/${s.id}`, { method: "DELETE" });
    } finally {
      // Also after a refusal: the coupons still being deleted show on the store.
      void query.mutate();
    }
  }

  return (
    <section id="lojas" aria-labelledby="stores-title" className="scroll-mt-4 space-y-4">
      <div>
        <h2 id="stores-title" className="text-lg font-semibold text-gray-900">
          Lojas
        </h2>
        <p className="text-sm text-gray-700">
          Conecte sua loja online para que cada prêmio vire um cupom de uso único criado na própria loja.
        </p>
      </div>
      <QueryState
        query={query}
        loading="Carregando lojas..."
        isEmpty={(d) => d.stores.length === 0}
        empty="Nenhuma loja conectada."
      >
        {(d) => (
          <ul className="space-y-3">
            {d.stores.map((s) => (
              <li key={s.id}>
                <Card className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                  <div className="min-w-0">
                    <p className="font-medium text-gray-900">
                      {s.name} · {PLATFORMS[s.platform].label}
                    </p>
                    <p className="text-sm break-all text-gray-700">{s.store_url}</p>
                    <p className="text-sm text-gray-700">Credenciais configuradas (final {s.credentials.last4})</p>
                    <p className={storeState(s).ok ? "text-sm text-green-800" : "text-sm text-red-700"}>
                      {storeState(s).text}
                    </p>
                    {/* The order webhook registered in the store (docs/api.md "Store orders (issue 39)"). */}
                    <p
                      className={
                        s.order_webhook.status === "error"
                          ? "text-sm text-red-700"
                          : s.order_webhook.status === "ok"
                            ? "text-sm text-green-800"
                            : "text-sm text-gray-700"
                      }
                    >
                      {s.order_webhook.status === "ok"
                        ? "Pedidos conectados: os cupons usados na loja marcam o prêmio como resgatado."
                        : s.order_webhook.status === "error"
                          ? (s.order_webhook.last_error ?? "Não foi possível cadastrar o aviso de pedidos na loja.")
                          : "Pedidos: cadastrando o aviso de pedidos na loja..."}
                    </p>
                    {s.release.coupons > 0 && (
                      <p className={s.release.failing ? "text-sm text-red-700" : "text-sm text-gray-700"}>
                        {plural(s.release.coupons, "cupom não usado aguardando", "cupons não usados aguardando")}{" "}
                        exclusão na loja
                        {s.release.failing &&
                          `. A exclusão falhou${s.release.last_error ? ` (${s.release.last_error})` : ""}; vamos tentar de novo.`}
                      </p>
                    )}
                    {s.reserve.products > 0 && (
                      <p className="text-sm text-gray-700">
                        Reserva: {plural(s.reserve.available, "cupom pronto", "cupons prontos")} em{" "}
                        {plural(s.reserve.products, "prêmio", "prêmios")}
                      </p>
                    )}
                  </div>
                  <Button variant="secondary" onClick={() => setRemoving(s)}>
                    Remover<span className="sr-only"> {s.name}</span>
                  </Button>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
      <DeleteDialog
        target={removing}
        title="Remover loja"
        confirmLabel="Remover"
        message={(s) => <RemovalEffects store={s} />}
        remove={remove}
        success="Loja removida com sucesso"
        fallback="Erro ao remover a loja"
        onClose={() => setRemoving(null)}
      />
      <Card>
        <h3 className="mb-3 text-base font-semibold text-gray-900">Conectar uma loja</h3>
        <StoreForm onSaved={() => void query.mutate()} />
      </Card>
    </section>
  );
}
