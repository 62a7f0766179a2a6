"use client";
// 'Solicitações LGPD': find a person by WhatsApp, download everything stored about them, erase it.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmModal } from "@/components/ui/confirm-modal";
import { Field } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { api, errorText } from "@/lib/http/client";
import type { SpinDto } from "@/lib/spins/dto";
import { notify } from "@/lib/ui/toast";
import { downloadUrl } from "./download";

export function LgpdButton({ onErased }: { onErased: () => void }) {
  const [open, setOpen] = useState(false);
  const [whatsapp, setWhatsapp] = useState("");
  const [found, setFound] = useState<SpinDto[] | null>(null);
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);

  async function find(e: React.FormEvent) {
    e.preventDefault();
    try {
      setFound((await api<{ spins: SpinDto[] }>("/lgpd", { query: { whatsapp } })).spins);
    } catch (err) {
      notify.error(errorText(err, "Erro ao buscar dados"));
    }
  }

  async function erase() {
    setBusy(true);
    try {
      const r = await api<{ message: string }>("/lgpd/erase", { method: "POST", body: { whatsapp } });
      notify.success(r.message);
      setConfirm(false);
      setFound(null);
      onErased();
    } catch (err) {
      notify.error(errorText(err, "Erro ao excluir dados"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>Solicitações LGPD</Button>
      <Modal open={open} onClose={() => setOpen(false)} title="Solicitações LGPD" description="Atenda pedidos de acesso e de exclusão de dados de um participante.">
        <form onSubmit={find} className="flex items-end gap-2">
          <Field label="WhatsApp do titular" className="flex-1" value={whatsapp} onChange={(e) => setWhatsapp(e.target.value)} />
          <Button type="submit" variant="secondary">Buscar</Button>
        </form>
        {found && (
          <div className="mt-4 space-y-3 text-sm">
            <p>{found.length} registro(s) encontrado(s) nesta empresa.</p>
            {found.length > 0 && (
              <div className="flex gap-2">
                <Button variant="secondary" onClick={() => downloadUrl(`/api/lgpd/export?whatsapp=${encodeURIComponent(whatsapp)}`)}>Exportar dados (JSON)</Button>
                <Button variant="danger" onClick={() => setConfirm(true)}>Excluir dados</Button>
              </div>
            )}
          </div>
        )}
      </Modal>
      <ConfirmModal open={confirm} title="Excluir dados do titular" confirmLabel="Excluir dados" busy={busy} onConfirm={erase} onClose={() => setConfirm(false)}
        message="Nome, WhatsApp e data de nascimento serão anonimizados. Os totais e o histórico de estoque são mantidos. Esta ação não pode ser desfeita." />
    </>
  );
}
