// A sample shop page running the embed snippet, for the admin's embed wizard (an iframe of this
// page shows the popup as a shop's visitor would see it). Only options the loader accepts are
// passed on (lib/embed/snippet.ts); the wheel is a real, public one: spins here are real spins.
import type { Metadata } from "next";
import { headers } from "next/headers";
import { previewOptions, snippetAttributes } from "@/lib/embed/snippet";

export const metadata: Metadata = { title: "Prévia da roleta no site", robots: { index: false, follow: false } };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function EmbedPreviewPage({ searchParams }: Props) {
  const options = previewOptions(await searchParams);
  const nonce = (await headers()).get("x-nonce") ?? undefined;
  const attrs = options ? Object.fromEntries(snippetAttributes(options)) : null;
  return (
    <div className="min-h-screen bg-gray-50 text-gray-800">
      <header className="flex items-center justify-between bg-white px-4 py-3 shadow-sm">
        <span className="font-bold">Sua Loja</span>
        <span className="text-sm text-gray-600">Carrinho (0)</span>
      </header>
      <main className="mx-auto max-w-3xl p-4">
        <h1 className="text-xl font-bold">Página de exemplo</h1>
        <p className="mt-2 text-sm text-gray-600">
          Assim a roleta aparece para quem visita o seu site. Os giros feitos aqui contam como giros reais.
        </p>
        <ul className="mt-4 grid grid-cols-2 gap-3" aria-label="Produtos de exemplo">
          {["Camiseta", "Caneca", "Boné", "Mochila"].map((name) => (
            <li key={name} className="rounded-lg bg-white p-3 shadow-sm">
              <div className="aspect-square rounded bg-gray-200" aria-hidden />
              <p className="mt-2 text-sm font-medium">{name}</p>
              <button type="button" className="mt-2 rounded bg-gray-800 px-2 py-1 text-xs text-white" data-preview-buy>
                Comprar
              </button>
            </li>
          ))}
        </ul>
        {!options && <p className="mt-4 text-red-700">Roleta inválida.</p>}
      </main>
      {options && (
        // A preview opens every time: forget what an earlier preview's spin or close remembered.
        <script
          nonce={nonce}
          dangerouslySetInnerHTML={{
            __html: `try{localStorage.removeItem(${JSON.stringify(`roleta:${options.company}/${options.wheel}`)})}catch(e){}`,
          }}
        />
      )}
      {attrs && <script async src="/embed.js" nonce={nonce} {...attrs} />}
    </div>
  );
}
