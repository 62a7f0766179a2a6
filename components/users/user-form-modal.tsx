"use client";
// Create (name, email, password, role) or edit (name and role only) a team user.
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { Field, inputClass, PasswordField } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { api, errorText } from "@/lib/http/client";
import { notify } from "@/lib/ui/toast";
import { USER_MESSAGES, userCreateInput, userUpdateInput } from "@/lib/validation/users";

export interface CompanyUser {
  id: string;
  name: string;
  email: string;
  role: "owner" | "admin" | "member";
  created_at: string;
  last_login_at: string | null;
}

export function UserFormModal({ open, user, onClose, onSaved }: { open: boolean; user: CompanyUser | null; onClose: () => void; onSaved: () => void }) {
  const [form, setForm] = useState({ name: "", email: "", password: "", role: "member" });
  const [show, setShow] = useState(false);
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open) return;
    setForm(user ? { name: user.name, email: user.email, password: "", role: user.role } : { name: "", email: "", password: "", role: "member" });
    setError("");
  }, [open, user]);

  async function save(e: React.FormEvent) {
    e.preventDefault();
    // The same schemas as the server, so the messages match (spec section 5, User).
    const parsed = user ? userUpdateInput.safeParse({ name: form.name, role: form.role }) : userCreateInput.safeParse(form);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? USER_MESSAGES.required);
    setBusy(true);
    setError("");
    try {
      if (user) await api(`/users/${user.id}`, { method: "PUT", body: { name: form.name, role: form.role } });
      else await api("/users", { method: "POST", body: form });
      notify.success(user ? "Usuário atualizado com sucesso!" : "Usuário criado com sucesso!");
      onSaved();
      onClose();
    } catch (err) {
      const message = errorText(err, user ? "Erro ao atualizar usuário" : "Erro ao criar usuário");
      setError(message);
      notify.error(message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal open={open} onClose={onClose} title={user ? "Editar usuário" : "Novo usuário"}>
      <form onSubmit={save} noValidate className="space-y-4">
        <Field label="Nome" value={form.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
        <Field label="Email" type="email" value={form.email} disabled={!!user} hint={user ? "O email não pode ser alterado" : "Se a pessoa já tiver conta, ela entra nesta empresa com a senha que já usa."} onChange={(e) => setForm({ ...form, email: e.target.value })} />
        {!user && <PasswordField label="Senha" autoComplete="new-password" value={form.password} visible={show} onToggle={() => setShow(!show)} onChange={(e) => setForm({ ...form, password: e.target.value })} />}
        <div>
          <label htmlFor="user-role" className="mb-1 block text-sm font-medium text-gray-700">Papel</label>
          <select id="user-role" className={inputClass} value={form.role} onChange={(e) => setForm({ ...form, role: e.target.value })}>
            <option value="member">Usuário</option>
            <option value="admin">Administrador</option>
          </select>
        </div>
        {error && <p className="text-sm text-red-700">{error}</p>}
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>Cancelar</Button>
          <Button type="submit" loading={busy}>Salvar</Button>
        </div>
      </form>
    </Modal>
  );
}
