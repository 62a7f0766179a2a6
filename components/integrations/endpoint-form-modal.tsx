"use client";
// "Adicionar endpoint" / "Editar endpoint": the URL, a description and the events it receives. A new
// endpoint's secret goes to the parent, which shows it once (SecretOnce); an edit keeps the secret.
import { useEffect } from "react";
import { Field } from "@/components/ui/field";
import { FormActions } from "@/components/ui/form-actions";
import { Modal } from "@/components/ui/modal";
import { useApiForm } from "@/lib/forms/use-api-form";
import { endpoints } from "@/lib/swr/writes";
import type { WebhookEndpointRow } from "@/lib/swr/use-webhooks";
import { notify } from "@/lib/ui/toast";
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, webhookEndpointInput } from "@/lib/validation/webhooks";

const DEFAULTS = { url: "", description: "", events: [...WEBHOOK_EVENTS] };

export function EndpointFormModal({
  open,
  endpoint,
  onClose,
  onCreated,
}: {
  open: boolean;
  /** The endpoint being edited; absent when adding one. */
  endpoint?: WebhookEndpointRow | null;
  onClose: () => void;
  onCreated: (secret: string) => void;
}) {
  const { register, submit, reset, formState } = useApiForm(webhookEndpointInput, { defaultValues: DEFAULTS });

  useEffect(() => {
    if (!open) return;
    reset(
      endpoint
        ? { url: endpoint.url, description: endpoint.description ?? "", events: [...endpoint.events] }
        : DEFAULTS,
    );
  }, [open, endpoint, reset]);

  const save = submit(
    async (values) => {
      if (endpoint) {
        notify.success((await endpoints.webhooks.update(endpoint.id, values)).message);
        onClose();
        return;
      }
      const { secret } = await endpoints.webhooks.create(values);
      onCreated(secret);
    },
    { fallback: "Erro ao salvar endpoint" },
  );

  return (
    <Modal open={open} onClose={onClose} title={endpoint ? "Editar endpoint" : "Adicionar endpoint"}>
      <form onSubmit={save} noValidate className="space-y-4">
        <Field
          label="URL do endpoint"
          type="url"
          inputMode="url"
          placeholder="https://exemplo.com.br/webhooks"
          autoComplete="off"
          error={formState.errors.url?.message}
          {...register("url")}
        />
        <Field
          label="Descrição (opcional)"
          placeholder="CRM da loja"
          error={formState.errors.description?.message}
          {...register("description")}
        />
        <fieldset>
          <legend className="mb-1 text-sm font-medium text-gray-700">Eventos</legend>
          <div className="space-y-2">
            {WEBHOOK_EVENTS.map((event) => (
              <label key={event} className="flex items-start gap-2 text-sm text-gray-800">
                <input type="checkbox" value={event} className="mt-0.5 h-4 w-4" {...register("events")} />
                <span>
                  <code className="font-mono text-xs">{event}</code> — {WEBHOOK_EVENT_LABELS[event]}
                </span>
              </label>
            ))}
          </div>
          {formState.errors.events && <p className="mt-1 text-sm text-red-700">{formState.errors.events.message}</p>}
        </fieldset>
        <FormActions busy={formState.isSubmitting} onClose={onClose} />
      </form>
    </Modal>
  );
}
