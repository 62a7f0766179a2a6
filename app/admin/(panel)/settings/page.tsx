"use client";
// Configurações da empresa: owner edits (slug checked live 500 ms after typing); others read only.
import Link from "next/link";
import { useEffect, useState } from "react";
import { useAdmin } from "@/components/admin/admin-context";
import { StatusLabel } from "@/components/company/status-label";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Card, PageHeader, Spinner } from "@/components/ui/misc";
import { isOwner } from "@/lib/auth/permissions";
import type { CompanyProfileDto } from "@/lib/company/types";
import { api, errorText } from "@/lib/http/client";
import { longDate } from "@/lib/ui/dates";
import { notify } from "@/lib/ui/toast";
import { useDebounced } from "@/lib/ui/use-debounced";
import { COMPANY_MESSAGES as M, companySlug, maskPhone } from "@/lib/validation/company";

type SlugState = "idle" | "checking" | "available" | "unavailable";

export default function SettingsPage() {
  const { user, refresh } = useAdmin();
  const owner = isOwner(user.role);
  const [company, setCompany] = useState<CompanyProfileDto | null>(null);
  const [form, setForm] = useState({ name: "", slug: "", email: "", phone: "" });
  const [slugState, setSlugState] = useState<SlugState>("idle");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const slug = useDebounced(form.slug, 500);

  useEffect(() => {
    api<{ company: CompanyProfileDto }>("/company/profile").then(
      ({ company: c }) => {
        setCompany(c);
        setForm({ name: c.name, slug: c.slug, email: c.email ?? "", phone: maskPhone(c.phone ?? "") });
      },
      (err) => notify.error(errorText(err, "Erro ao carregar dados da empresa")),
    );
  }, []);

  useEffect(() => {
    if (!owner || !company || slug === company.slug) return setSlugState("idle");
    if (!companySlug.safeParse(slug).success) return setSlugState("unavailable");
    let stale = false;
    setSlugState("checking");
    api<{ available: boolean }>(`/company/check-slug/${encodeURIComponent(slug)}`).then(
      (r) => !stale && setSlugState(r.available ? "available" : "unavailable"),
      (err) => {
        if (stale) return;
        notify.error(errorText(err, "Erro ao verificar disponibilidade do slug"));
        setSlugState("unavailable");
      },
    );
    return () => {
      stale = true;
    };
  }, [slug, owner, company]);

  if (!company) return <Spinner />;

  async function save(e: React.FormEvent) {
    e.preventDefault();
    if (!company) return;
    const next: Record<string, string> = {};
    if (!form.name.trim()) next.name = M.name;
    const slugCheck = companySlug.safeParse(form.slug);
    if (!slugCheck.success) next.slug = slugCheck.error.issues[0].message;
    setErrors(next);
    if (Object.keys(next).length) return;
    if (form.slug !== company.slug && slugState !== "available") return notify.error(M.slugInvalid);
    setBusy(true);
    try {
      const r = await api<{ company: CompanyProfileDto }>("/company/profile", {
        method: "PUT",
        body: { name: form.name, slug: form.slug, email: form.email, phone: form.phone.replace(/\D/g, "") },
      });
      setCompany(r.company);
      setSlugState("idle");
      notify.success(M.updated);
      await refresh();
    } catch (err) {
      notify.error(errorText(err, "Erro ao atualizar dados da empresa"));
    } finally {
      setBusy(false);
    }
  }

  const slugHint = { idle: undefined, checking: "Verificando disponibilidade...", available: "Slug disponível", unavailable: undefined }[slugState];
  const slugError = errors.slug ?? (slugState === "unavailable" ? M.slugTaken : undefined);

  return (
    <>
      <PageHeader title="Configurações da Empresa" description="Dados da empresa exibidos nas roletas e no painel." />
      {!owner && <p className="mb-4 rounded-lg border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900">{M.readOnly}</p>}
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <form onSubmit={save} noValidate className="space-y-4">
            <Field label="Nome da empresa" maxLength={255} disabled={!owner} value={form.name} error={errors.name} onChange={(e) => setForm({ ...form, name: e.target.value })} />
            <Field label="Slug (endereço das roletas)" disabled={!owner} value={form.slug} error={slugError} hint={slugHint} onChange={(e) => setForm({ ...form, slug: e.target.value.toLowerCase() })} />
            <Field label="Email de contato" type="email" disabled={!owner} value={form.email} onChange={(e) => setForm({ ...form, email: e.target.value })} />
            <Field label="Telefone" type="tel" inputMode="numeric" placeholder="(99) 99999-9999" disabled={!owner} value={form.phone} onChange={(e) => setForm({ ...form, phone: maskPhone(e.target.value) })} />
            {owner && <Button type="submit" loading={busy}>Salvar alterações</Button>}
          </form>
        </Card>
        <div className="space-y-6">
          <Card>
            <h2 className="font-semibold text-gray-900">Assinatura atual</h2>
            <dl className="mt-3 space-y-2 text-sm">
              <div className="flex justify-between"><dt className="text-gray-600">Plano</dt><dd className="font-medium">{company.plan.name}</dd></div>
              <div className="flex justify-between"><dt className="text-gray-600">Status</dt><dd>{company.subscription ? <StatusLabel status={company.subscription.status} /> : "N/A"}</dd></div>
              <div className="flex justify-between"><dt className="text-gray-600">Início</dt><dd>{longDate(company.subscription?.starts_at)}</dd></div>
              <div className="flex justify-between"><dt className="text-gray-600">Renovação</dt><dd>{longDate(company.subscription?.ends_at)}</dd></div>
            </dl>
            <p className="mt-3 text-sm text-gray-700">Para fazer upgrade, downgrade ou cancelar, acesse <Link href="/admin/subscription" className="font-medium text-brand-700 underline">Assinatura</Link>.</p>
          </Card>
          <Card>
            <h2 className="font-semibold text-gray-900">Informações do sistema</h2>
            <dl className="mt-3 space-y-2 text-sm">
              <div><dt className="text-gray-600">ID da empresa</dt><dd className="break-all font-mono text-xs">{company.id}</dd></div>
              <div><dt className="text-gray-600">Criada em</dt><dd>{longDate(company.created_at)}</dd></div>
              <div><dt className="text-gray-600">Última atualização</dt><dd>{longDate(company.updated_at)}</dd></div>
              <div><dt className="text-gray-600">Email do assinante (Kiwify)</dt><dd>{company.subscription?.buyer_email ?? "N/A"}</dd></div>
            </dl>
          </Card>
        </div>
      </div>
    </>
  );
}
