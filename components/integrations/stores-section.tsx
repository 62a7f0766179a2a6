"use client";
// Integrações -> Lojas (docs/api.md "Stores (issue 26)"): the shop's online stores where store coupons
// are created, each with its state and last error; connecting one checks the credentials at once.
// Credentials are write-only: the list shows only that they are set and their last 4 characters.
// Unused coupons on their way out of the store show until deleted, with the store's refusal if any
// (docs/decisions/stores.md "A store leaves only without our unused coupons"). Connecting leads with
// each platform's own install (docs/api.md "Connecting a real store in one click"); a store whose app
// was uninstalled says so and offers "Reconectar".
import { installErrorText } from "@/lib/copy/store-install";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { DeleteDialog } from "@/components/ui/delete-dialog";
import { Card } from "@/components/ui/misc";
import { QueryState } from "@/components/ui/query-state";
import { api } from "@/lib/swr/fetcher";
import { useApi } from "@/lib/swr/use-api";
import type { ReadAnswers } from "@/lib/api-types";
import { notify } from "@/lib/ui/toast";
import { clockTime, dayOf, shortDateTime } from "@/lib/dates/format";
import { installUrl, StoreInstallButtons } from "./store-install-buttons";
import { ShopifyPixel } from "./store-shopify-pixel";
import { StoreStorefront } from "./store-storefront";
import { PLATFORMS, StorePasteForm } from "./store-paste-form";

type StoresAnswer = ReadAnswers["listStores"];
type StoreRow = StoresAnswer["stores"][number];

/** The store's state in words: the last call's outcome, or the coupons being created. */
function storeState(s: StoreRow): { text: string; ok: boolean } {
  if (s.status === "uninstalled")
    return { text: s.last_error ?? "O app Roleta Premiada foi desinstalado nesta loja.", ok: false };
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

/**
 * Back from a platform's install (`?loja=conectada`, `?loja=erro&motivo=`, WooCommerce's `?success=`):
 * the toast once, the address cleaned.
 */
function useConnectedToast(onConnected: () => void) {
  useEffect(() => {
    const url = new URL(window.location.href);
    // WooCommerce's return_url gets success=1|0 and the user_id it was given.
    const woo = url.searchParams.has("user_id") ? url.searchParams.get("success") : null;
    const loja = url.searchParams.get("loja");
    if (loja !== "conectada" && loja !== "erro" && woo === null) return;
    // A platform's callback that failed comes back with its reason (lib/stores/install/http.ts).
    if (loja === "erro") notify.error(installErrorText(url.searchParams.get("motivo")));
    else if (woo === "0")
      notify.error("A conexão foi recusada no painel do WooCommerce. Tente de novo e clique em Aprovar.");
    else notify.success("Loja conectada com sucesso!");
    for (const k of ["loja", "motivo", "success", "user_id"]) url.searchParams.delete(k);
    window.history.replaceState(null, "", `${url.pathname}${url.search}#lojas`);
    onConnected();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);
}
export function StoresSection() {
  const query = useApi<StoresAnswer>("/integrations/stores", { errorText: "Erro ao carregar as lojas" });
  useConnectedToast(() => void query.mutate());

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
                    {s.storefront && d.storefront_script && s.status !== "uninstalled" && (
                      <StoreStorefront store={s} onSaved={() => void query.mutate()} />
                    )}
                    {s.platform === "shopify" && d.shopify_pixel && (
                      <ShopifyPixel code={d.shopify_pixel} storeId={s.id} />
                    )}
                  </div>
                  <div className="flex gap-2">
                    {s.status === "uninstalled" && (
                      <a
                        href={installUrl(s.platform, s.store_url)}
                        className="inline-flex items-center justify-center rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
                      >
                        Reconectar<span className="sr-only"> {s.name}</span>
                      </a>
                    )}
                    <Button variant="secondary" onClick={() => setRemoving(s)}>
                      Remover<span className="sr-only"> {s.name}</span>
                    </Button>
                  </div>
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
      <Card className="space-y-3">
        <h3 className="text-base font-semibold text-gray-900">Conectar uma loja</h3>
        <StoreInstallButtons installs={query.data?.installs ?? { nuvemshop: false, shopify: false }} />
        <details className="rounded-lg border border-gray-200 p-3 text-sm">
          <summary className="cursor-pointer font-medium text-gray-900">
            Avançado: conectar colando as credenciais
          </summary>
          <div className="mt-3">
            <StorePasteForm onSaved={() => void query.mutate()} />
          </div>
        </details>
      </Card>
    </section>
  );
}
