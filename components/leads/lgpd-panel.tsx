"use client";
// 'Solicitações LGPD': find a person by WhatsApp, download everything stored about them, erase it.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmModal } from "@/components/ui/confirm-modal";
import { Field } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { useApiForm } from "@/lib/forms/use-api-form";
import { errorText } from "@/lib/swr/fetcher";
import { endpoints } from "@/lib/swr/writes";
import { plural } from "@/lib/ui/plural";
import { notify } from "@/lib/ui/toast";
import { lgpdInput } from "@/lib/validation/leads";
import { downloadUrl } from "./download";

function LgpdRequests() {
  const [found, setFound] = useState<{ whatsapp: string; count: number } | null>(null);
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);
  // The last erasure's answer stays on screen: which marketing tools were asked, which to erase by hand.
  const [erased, setErased] = useState<string | null>(null);
  const form = useApiForm(lgpdInput);

  const find = form.submit(
    async ({ whatsapp }) => {
      const r = await endpoints.lgpd.find(whatsapp);
      setErased(null);
      setFound({ whatsapp, count: r.spins.length });
    },
    { fallback: "Erro ao buscar dados" },
  );

  async function erase() {
    if (!found) return;
    setBusy(true);
    try {
      const { message } = await endpoints.lgpd.erase(found.whatsapp);
      notify.success(message);
      setErased(message);
      setConfirm(false);
      setFound(null);
    } catch (err) {
      notify.error(errorText(err, "Erro ao excluir dados"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <form onSubmit={find} noValidate className="flex items-start gap-2">
        <Field
          label="WhatsApp do titular"
          className="flex-1"
          error={form.formState.errors.whatsapp?.message}
          {...form.register("whatsapp")}
        />
        <Button type="submit" variant="secondary" className="mt-6" loading={form.formState.isSubmitting}>
          Buscar
        </Button>
      </form>
      {erased && (
        <p role="status" className="mt-4 text-sm text-gray-800">
          {erased}
        </p>
      )}
      {found && (
        <div className="mt-4 space-y-3 text-sm">
          <p>{plural(found.count, "registro encontrado", "registros encontrados")} nesta empresa.</p>
          {found.count > 0 && (
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                onClick={() => downloadUrl(`/api/lgpd/export?whatsapp=${encodeURIComponent(found.whatsapp)}`)}
              >
                Exportar dados (JSON)
              </Button>
              <Button variant="danger" onClick={() => setConfirm(true)}>
                Excluir dados
              </Button>
            </div>
          )}
        </div>
      )}
      <ConfirmModal
        open={confirm}
        title="Excluir dados do titular"
        confirmLabel="Excluir dados"
        busy={busy}
        onConfirm={erase}
        onClose={() => setConfirm(false)}
        message="Nome, WhatsApp e data de nascimento serão anonimizados. Os totais e o histórico de estoque são mantidos. Esta ação não pode ser desfeita."
      />
    </>
  );
}

export function LgpdButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Solicitações LGPD
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Solicitações LGPD"
        description="Atenda pedidos de acesso e de exclusão de dados de um participante."
      >
        <LgpdRequests />
      </Modal>
    </>
  );
}
