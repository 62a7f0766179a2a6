"use client";
// Create (name, email, password, role) or edit (name and role only) a team user, each with the
// route's own zod schema through the shared form hook. An attendant ("Atendente") also gets its
// units (none checked = every unit). An email that already has an account is
// refused (409): the form then offers to invite it instead.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { FormActions } from "@/components/ui/form-actions";
import { Field, inputClass, PasswordField } from "@/components/ui/field";
import { FormError } from "@/components/ui/form-error";
import { Modal } from "@/components/ui/modal";
import { UnitPicker } from "@/components/units/unit-picker";
import { useApiForm } from "@/lib/forms/use-api-form";
import { endpoints } from "@/lib/swr/writes";
import type { CompanyUser } from "@/lib/swr/use-users";
import { notify } from "@/lib/ui/toast";
import { userCreateInput, userUpdateInput } from "@/lib/validation/users";

function RoleSelect(props: React.SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <div>
      <label htmlFor="user-role" className="mb-1 block text-sm font-medium text-gray-700">
        Papel
      </label>
      <select id="user-role" className={inputClass} {...props}>
        <option value="member">Usuário</option>
        <option value="admin">Administrador</option>
        <option value="attendant">Atendente (só resgata prêmios)</option>
      </select>
    </div>
  );
}

function CreateUserForm({ onClose, onInvite }: { onClose: () => void; onInvite: (email: string) => void }) {
  const [show, setShow] = useState(false);
  const [taken, setTaken] = useState(false);
  const form = useApiForm(userCreateInput, {
    defaultValues: { name: "", email: "", password: "", role: "member", unit_ids: [] },
  });
  const e = form.formState.errors;
  const role = form.watch("role");
  const unitIds = form.watch("unit_ids") ?? [];
  const save = form.submit(
    async (values) => {
      await endpoints.users.create(values);
      notify.success("Usuário criado com sucesso!");
      onClose();
    },
    {
      fallback: "Erro ao criar usuário",
      conflictField: "email",
      onApiError: (err) => void setTaken(err.status === 409),
    },
  );
  return (
    <form onSubmit={save} noValidate className="space-y-4">
      <Field label="Nome" error={e.name?.message} {...form.register("name")} />
      <Field
        label="Email"
        type="email"
        error={e.email?.message}
        hint="Se a pessoa já tiver conta, use Convidar: ela entra com a própria senha."
        {...form.register("email")}
      />
      <PasswordField
        label="Senha"
        autoComplete="new-password"
        visible={show}
        onToggle={() => setShow(!show)}
        error={e.password?.message}
        {...form.register("password")}
      />
      <RoleSelect {...form.register("role")} />
      {role === "attendant" && <UnitPicker value={unitIds} onChange={(ids) => form.setValue("unit_ids", ids)} />}
      <FormError errors={e} />
      {taken && (
        <Button variant="secondary" onClick={() => onInvite(form.getValues("email").trim())}>
          Convidar este email
        </Button>
      )}
      <FormActions busy={form.formState.isSubmitting} onClose={onClose} />
    </form>
  );
}

function EditUserForm({ user, onClose }: { user: CompanyUser; onClose: () => void }) {
  const form = useApiForm(userUpdateInput, {
    defaultValues: {
      name: user.name,
      role: user.role === "owner" ? "member" : user.role,
      unit_ids: user.unit_ids,
    },
  });
  const e = form.formState.errors;
  const role = form.watch("role");
  const unitIds = form.watch("unit_ids") ?? [];
  const save = form.submit(
    async (values) => {
      await endpoints.users.update(user.id, values);
      notify.success("Usuário atualizado com sucesso!");
      onClose();
    },
    { fallback: "Erro ao atualizar usuário" },
  );
  return (
    <form onSubmit={save} noValidate className="space-y-4">
      <Field label="Nome" error={e.name?.message} {...form.register("name")} />
      <Field label="Email" type="email" value={user.email} disabled readOnly hint="O email não pode ser alterado" />
      <RoleSelect {...form.register("role")} />
      {role === "attendant" && <UnitPicker value={unitIds} onChange={(ids) => form.setValue("unit_ids", ids)} />}
      <FormError errors={e} />
      <FormActions busy={form.formState.isSubmitting} onClose={onClose} />
    </form>
  );
}

export function UserFormModal({
  open,
  user,
  onClose,
  onInvite,
}: {
  open: boolean;
  user: CompanyUser | null;
  onClose: () => void;
  onInvite: (email: string) => void;
}) {
  return (
    <Modal open={open} onClose={onClose} title={user ? "Editar usuário" : "Novo usuário"}>
      {user ? (
        <EditUserForm key={user.id} user={user} onClose={onClose} />
      ) : (
        <CreateUserForm onClose={onClose} onInvite={onInvite} />
      )}
    </Modal>
  );
}
