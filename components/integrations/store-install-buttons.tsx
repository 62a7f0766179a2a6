"use client";
// Integrações -> Lojas: connecting a store in one click (docs/api.md "Connecting a real store in one
// click"). Each button is a plain navigation to our install route, which sends the browser to the
// platform's own page and back; Shopify asks for the shop's myshopify name, WooCommerce for the
// store's address. The paste form stays under "Avançado".
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";

const INSTALL = "/api/integrations/stores";

/** "minhaloja", "minhaloja.myshopify.com" or its https address -> the domain, or null. */
export function shopOf(typed: string): string | null {
  const s = typed
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, "")
    .replace(/\/.*$/, "");
  const shop = s.includes(".") ? s : `${s}.myshopify.com`;
  return /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/.test(shop) ? shop : null;
}

/** Where "Reconectar" goes for a store already known (its platform's install, for the same store). */
export const installUrl = (platform: string, storeUrl: string) =>
  platform === "nuvemshop"
    ? `${INSTALL}/nuvemshop/install`
    : platform === "shopify"
      ? `${INSTALL}/shopify/install?shop=${encodeURIComponent(new URL(storeUrl).host)}`
      : `${INSTALL}/woocommerce/install?store_url=${encodeURIComponent(storeUrl)}`;

/** A full page load: the install route answers a redirect to the platform, not a page of this app. */
const leave = (path: string) => window.location.assign(new URL(path, window.location.origin).href);

const linkClass =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700";

function Block({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div className="space-y-2 rounded-lg border border-gray-200 p-4">
      <h4 className="font-medium text-gray-900">{title}</h4>
      {children}
    </div>
  );
}

const unavailable = (platform: string) => (
  <p className="text-sm text-gray-700">
    A conexão em um clique com a {platform} não está configurada neste servidor. Use a conexão manual em
    &quot;Avançado&quot;.
  </p>
);

export function StoreInstallButtons({ installs }: { installs: { nuvemshop: boolean; shopify: boolean } }) {
  const [shop, setShop] = useState("");
  const [shopError, setShopError] = useState<string>();
  const [woo, setWoo] = useState("");
  const [wooError, setWooError] = useState<string>();

  function goShopify(e: React.FormEvent) {
    e.preventDefault();
    const domain = shopOf(shop);
    if (!domain) return setShopError("Informe o endereço da loja no Shopify, como minhaloja.myshopify.com");
    leave(`${INSTALL}/shopify/install?shop=${encodeURIComponent(domain)}`);
  }

  function goWoo(e: React.FormEvent) {
    e.preventDefault();
    let url: URL | null = null;
    try {
      url = new URL(woo.trim().includes("://") ? woo.trim() : `https://${woo.trim()}`);
    } catch {
      /* refused below */
    }
    if (!url || !url.hostname.includes(".") || url.search || url.hash)
      return setWooError("Informe o endereço da loja, como https://www.minhaloja.com.br");
    const address = `${url.protocol}//${url.host}${url.pathname.replace(/\/+$/, "")}`;
    leave(`${INSTALL}/woocommerce/install?store_url=${encodeURIComponent(address)}`);
  }

  return (
    <div className="space-y-3">
      <Block title="Nuvemshop">
        {installs.nuvemshop ? (
          <>
            <p className="text-sm text-gray-700">
              Você vai para a Nuvemshop, entra com a conta da loja, aceita as permissões do app Roleta Premiada e volta
              para cá com a loja conectada.
            </p>
            <a className={linkClass} href={`${INSTALL}/nuvemshop/install`}>
              Conectar com a Nuvemshop
            </a>
          </>
        ) : (
          unavailable("Nuvemshop")
        )}
      </Block>
      <Block title="Shopify">
        {installs.shopify ? (
          <form onSubmit={goShopify} noValidate className="space-y-2">
            <Field
              label="Endereço da loja no Shopify"
              placeholder="minhaloja.myshopify.com"
              hint="Aparece no admin da Shopify em Configurações → Domínios (termina em .myshopify.com). Você aprova o app na Shopify e volta para cá."
              autoComplete="off"
              value={shop}
              error={shopError}
              onChange={(e) => {
                setShop(e.target.value);
                setShopError(undefined);
              }}
            />
            <Button type="submit">Conectar com a Shopify</Button>
          </form>
        ) : (
          unavailable("Shopify")
        )}
      </Block>
      <Block title="WooCommerce">
        <form onSubmit={goWoo} noValidate className="space-y-2">
          <Field
            label="Endereço da loja (https)"
            placeholder="https://www.minhaloja.com.br"
            hint="Você entra no painel do WordPress da loja e clica em Aprovar: o WooCommerce cria as chaves com permissão de leitura e escrita e as envia para nós, sem copiar nada."
            autoComplete="url"
            inputMode="url"
            value={woo}
            error={wooError}
            onChange={(e) => {
              setWoo(e.target.value);
              setWooError(undefined);
            }}
          />
          <Button type="submit">Conectar com o WooCommerce</Button>
        </form>
      </Block>
    </div>
  );
}
