"use client";
// 'Cancelar assinatura': the optional reason (at most 500 characters) through the shared form hook.
// A paid plan keeps Pro to the end of the paid period; a trial moves to Free at once.
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { useApiForm } from "@/lib/forms/use-api-form";
import { endpoints } from "@/lib/swr/writes";
import { notify } from "@/lib/ui/toast";
import { cancelInput } from "@/lib/validation/billing";

const NOTICE = {
  paid: "O acesso ao Pro continua até o fim do período pago; depois, a empresa passa para o plano Free.",
  trial: "O teste grátis termina agora e a empresa passa para o plano Free, com os limites dele.",
};

function CancelForm({ onClose }: { onClose: () => void }) {
  const form = useApiForm(cancelInput, { defaultValues: { reason: "" } });
  const reason = form.watch("reason") ?? "";
  const cancel = form.submit(
    async (values) => {
      const r = await endpoints.company.cancel(values);
      notify.info(r.notice ? `${r.message} ${r.notice}` : r.message, 5000);
      onClose();
    },
    { fallback: "Erro ao cancelar assinatura" },
  );
  return (
    <form onSubmit={cancel} noValidate>
      <label htmlFor="cancel-reason" className="mb-1 block text-sm font-medium text-gray-700">
        Motivo (opcional)
      </label>
      <textarea id="cancel-reason" rows={3} maxLength={500} className={inputClass} {...form.register("reason")} />
      <p className="mt-1 text-right text-xs text-gray-600">{reason.length}/500</p>
      {form.formState.errors.reason && <p className="text-xs text-red-700">{form.formState.errors.reason.message}</p>}
      <div className="mt-4 flex justify-end gap-2 border-t border-gray-200 pt-4">
        <Button variant="secondary" onClick={onClose}>
          Voltar
        </Button>
        <Button type="submit" variant="danger" loading={form.formState.isSubmitting}>
          Confirmar cancelamento
        </Button>
      </div>
    </form>
  );
}

export function CancelModal({ open, trial, onClose }: { open: boolean; trial: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="Cancelar assinatura" description={trial ? NOTICE.trial : NOTICE.paid}>
      <CancelForm onClose={onClose} />
    </Modal>
  );
}
