"use client";
// Usuários: needs manage_users; only the owner creates, edits and deletes; owner rows are locked.
import { Pencil, Plus, Trash2 } from "lucide-react";
import { useCallback, useEffect, useState } from "react";
import { useAdmin } from "@/components/admin/admin-context";
import { Button } from "@/components/ui/button";
import { ConfirmModal } from "@/components/ui/confirm-modal";
import { inputClass } from "@/components/ui/field";
import { Badge, Card, EmptyState, PageHeader, Spinner, Table } from "@/components/ui/misc";
import { UserFormModal, type CompanyUser } from "@/components/users/user-form-modal";
import { can, roleLabel } from "@/lib/auth/permissions";
import { api, errorText } from "@/lib/http/client";
import { notify } from "@/lib/ui/toast";
import { useDebounced } from "@/lib/ui/use-debounced";
import { USER_MESSAGES } from "@/lib/validation/users";

const date = (iso: string | null) => (iso ? new Date(iso).toLocaleString("pt-BR", { timeZone: "America/Sao_Paulo", dateStyle: "short", timeStyle: "short" }) : "Nunca");

export default function UsersPage() {
  const { user: me } = useAdmin();
  const allowed = can(me.role, "manage_users");
  const canWrite = can(me.role, "write_users");
  const [search, setSearch] = useState("");
  const query = useDebounced(search, 300);
  const [users, setUsers] = useState<CompanyUser[] | null>(null);
  const [editing, setEditing] = useState<CompanyUser | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const [deleting, setDeleting] = useState<CompanyUser | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    if (!allowed) return;
    try {
      setUsers((await api<{ users: CompanyUser[] }>("/users", { query: { search: query } })).users);
    } catch (err) {
      notify.error(errorText(err, "Erro ao carregar usuários"));
      setUsers([]);
    }
  }, [allowed, query]);

  useEffect(() => {
    void load();
  }, [load]);

  if (!allowed) {
    return (
      <Card className="mx-auto max-w-lg text-center">
        <h1 className="text-xl font-bold text-gray-900">Acesso negado</h1>
        <p className="mt-2 text-gray-700">{USER_MESSAGES.noAccess}</p>
      </Card>
    );
  }

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    try {
      await api(`/users/${deleting.id}`, { method: "DELETE" });
      notify.success("Usuário excluído com sucesso!");
      setDeleting(null);
      await load();
    } catch (err) {
      notify.error(errorText(err, "Erro ao excluir usuário"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <PageHeader
        title="Usuários"
        description="Quem da sua equipe acessa o painel, e com qual papel."
        actions={canWrite && <Button onClick={() => { setEditing(null); setFormOpen(true); }}><Plus className="h-4 w-4" aria-hidden /> Novo usuário</Button>}
      />
      <label htmlFor="user-search" className="sr-only">Buscar usuários</label>
      <input id="user-search" type="search" placeholder="Buscar por nome ou email..." value={search} onChange={(e) => setSearch(e.target.value)} className={`${inputClass} mb-4 max-w-sm`} />
      {users === null ? (
        <Spinner />
      ) : (
        <>
          <Table head={["Nome", "Email", "Papel", "Último acesso", ...(canWrite ? ["Ações"] : [])]} caption="Usuários da empresa">
            {users.map((u) => (
              <tr key={u.id}>
                <td className="px-4 py-3 font-medium text-gray-900">{u.name}</td>
                <td className="px-4 py-3 text-gray-800">{u.email}</td>
                <td className="px-4 py-3"><Badge color={u.role === "owner" ? "brand" : u.role === "admin" ? "green" : "gray"}>{roleLabel(u.role)}</Badge></td>
                <td className="px-4 py-3 text-gray-800">{date(u.last_login_at)}</td>
                {canWrite && (
                  <td className="px-4 py-3">
                    {u.role !== "owner" && (
                      <div className="flex gap-1">
                        <Button variant="ghost" aria-label={`Editar ${u.name}`} onClick={() => { setEditing(u); setFormOpen(true); }}><Pencil className="h-4 w-4" aria-hidden /></Button>
                        <Button variant="ghost" aria-label={`Excluir ${u.name}`} onClick={() => setDeleting(u)}><Trash2 className="h-4 w-4 text-red-600" aria-hidden /></Button>
                      </div>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </Table>
          {users.length === 0 && <EmptyState>Nenhum usuário encontrado.</EmptyState>}
        </>
      )}
      <UserFormModal open={formOpen} user={editing} onClose={() => setFormOpen(false)} onSaved={load} />
      <ConfirmModal open={!!deleting} title="Excluir usuário" message={<>Tem certeza que deseja remover <strong>{deleting?.name}</strong> da empresa?</>} busy={busy} onConfirm={remove} onClose={() => setDeleting(null)} />
    </>
  );
}
