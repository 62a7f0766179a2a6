"use client";
// "Divulgação" of the wheel editor page: the public link (copy, open), its QR Code, the sources
// with their links, QR codes and posters, and the embed. The embed's UI is its own component
// (components/wheels/embed-modal.tsx), mounted here once.
import { Code2, Copy, ExternalLink, QrCode } from "lucide-react";
import { useState, useSyncExternalStore } from "react";
import { useAdmin } from "@/components/admin/admin-context";
import { Button } from "@/components/ui/button";
import { can } from "@/lib/auth/permissions";
import { notify } from "@/lib/ui/toast";
import type { WheelDto } from "@/lib/wheels/dto";
import { publicWheelPath } from "@/lib/wheels/public-url";
import { EmbedModal } from "./embed-modal";
import { SourcesPanel } from "./sources-modal";
import { DevicesPanel } from "./devices-panel";

const linkButton =
  "inline-flex min-h-11 items-center gap-2 rounded-lg border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50";

const noSubscribe = () => () => {};

export function ShareSection({ wheel }: { wheel: WheelDto }) {
  const { user } = useAdmin();
  const [embedding, setEmbedding] = useState(false);
  const path = publicWheelPath(user.company_slug, wheel.slug);
  const origin = useSyncExternalStore(
    noSubscribe,
    () => window.location.origin,
    () => "",
  );
  const url = `${origin}${path}`;
  const active = wheel.status === "active";

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      notify.success("Link copiado!");
    } catch {
      notify.info(url, 8000);
    }
  }

  return (
    <div className="space-y-6">
      <div className="space-y-2">
        <h3 className="text-sm font-semibold text-gray-900">Link da roleta</h3>
        <p className="font-mono text-sm break-all text-gray-800" data-testid="public-link">
          {url}
        </p>
        {!active && (
          <p className="rounded-lg bg-yellow-50 p-3 text-sm text-yellow-900">
            A roleta está em rascunho: escolha “Ativa (pública)” em Básico e salve para publicar o link.
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <button type="button" className={linkButton} onClick={() => void copy()}>
            <Copy className="h-4 w-4" aria-hidden /> Copiar link
          </button>
          {active && (
            <a className={linkButton} href={path} target="_blank" rel="noopener">
              <ExternalLink className="h-4 w-4" aria-hidden /> Abrir página pública
            </a>
          )}
          <a className={linkButton} href={`/api/wheels/${wheel.id}/qr`} target="_blank" rel="noopener">
            <QrCode className="h-4 w-4" aria-hidden /> QR Code
          </a>
          {/* The one mount point of the embed (its own component, rewritten elsewhere). */}
          <Button variant="secondary" className="min-h-11" disabled={!active} onClick={() => setEmbedding(true)}>
            <Code2 className="h-4 w-4" aria-hidden /> Incorporar no site
          </Button>
        </div>
        {wheel.embed_refused_origins.length > 0 && (
          <p className="rounded-lg bg-yellow-50 p-3 text-sm text-yellow-900">
            A roleta não abriu em sites fora de Sites permitidos:{" "}
            <span className="font-mono text-xs break-all">
              {wheel.embed_refused_origins.map((r) => r.origin).join(", ")}
            </span>
            . Para permitir, abra Incorporar no site › Sites e cupom.
          </p>
        )}
      </div>
      <div className="space-y-2">
        <h3 className="text-sm font-semibold text-gray-900">Origens, QR Codes e cartazes</h3>
        <p className="text-sm text-gray-700">
          Um link, QR Code e cartaz para cada lugar onde a roleta é divulgada: os leads mostram de onde vieram.
        </p>
        <SourcesPanel wheelId={wheel.id} canWrite={can(user.role, "manage_wheels")} />
      </div>
      {can(user.role, "manage_wheels") && (
        <div className="space-y-2">
          <h3 className="text-sm font-semibold text-gray-900">Totem e tela grande</h3>
          <p className="text-sm text-gray-700">
            Um tablet que recebe uma pessoa por vez (totem) ou uma TV que mostra a roleta girando quando o visitante
            joga pelo próprio celular (tela grande). Cada aparelho tem o seu link, que pode ser desativado.
          </p>
          <DevicesPanel wheel={wheel} />
        </div>
      )}
      <EmbedModal url={embedding ? url : null} onClose={() => setEmbedding(false)} />
    </div>
  );
}
