"use client";
// "Convidar": the way someone who already has an account joins this company (docs/api.md "Invitations"); someone without one creates it from the e-mailed link.
import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { UnitPicker } from "@/components/units/unit-picker";
import { useApiForm } from "@/lib/forms/use-api-form";
import { endpoints } from "@/lib/swr/writes";
import { notify } from "@/lib/ui/toast";
import { invitationInput } from "@/lib/validation/invitations";
import { INVITATION_MESSAGES } from "@/lib/copy/invitations";

export function InviteModal({ open, email, onClose }: { open: boolean; email?: string; onClose: () => void }) {
  const { register, submit, reset, formState, watch, setValue } = useApiForm(invitationInput, {
    defaultValues: { email: "", role: "member", unit_ids: [] },
  });
  const role = watch("role");
  const unitIds = watch("unit_ids") ?? [];

  useEffect(() => {
    if (open) reset({ email: email ?? "", role: "member", unit_ids: [] });
  }, [open, email, reset]);

  const send = submit(
    async (values) => {
      await endpoints.invitations.create(values);
      notify.success(INVITATION_MESSAGES.sent);
      onClose();
    },
    { fallback: "Erro ao enviar convite" },
  );

  return (
    <Modal open={open} onClose={onClose} title="Convidar para a equipe">
      <form onSubmit={send} noValidate className="space-y-4">
        <p className="text-sm text-gray-700">
          A pessoa recebe um link por email, válido por 7 dias. Quem já tem conta entra com a própria senha; quem não
          tem cria a conta pelo link.
        </p>
        <Field
          label="Email"
          type="email"
          autoComplete="off"
          error={formState.errors.email?.message}
          {...register("email")}
        />
        <div>
          <label htmlFor="invite-role" className="mb-1 block text-sm font-medium text-gray-700">
            Papel
          </label>
          <select id="invite-role" className={inputClass} {...register("role")}>
            <option value="member">Usuário</option>
            <option value="admin">Administrador</option>
            <option value="attendant">Atendente (só resgata prêmios)</option>
          </select>
        </div>
        {role === "attendant" && <UnitPicker value={unitIds} onChange={(ids) => setValue("unit_ids", ids)} />}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" loading={formState.isSubmitting}>
            Enviar convite
          </Button>
        </div>
      </form>
    </Modal>
  );
}
