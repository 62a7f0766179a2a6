"use client";
// Configurações da empresa: the owner edits (slug checked live 500 ms after typing); others read only.
import { useEffect, useState } from "react";
import { useAdmin } from "@/components/admin/admin-context";
import { SubscriptionSummary, SystemInfo } from "@/components/company/subscription-summary";
import { useSlugAvailability } from "@/components/company/use-slug-availability";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Card, PageHeader, Spinner } from "@/components/ui/misc";
import { can } from "@/lib/auth/permissions";
import type { CompanyProfileDto } from "@/lib/company/types";
import { api, ApiError, errorText } from "@/lib/http/client";
import { notify } from "@/lib/ui/toast";
import { COMPANY_MESSAGES as M, companyUpdateInput, maskPhone } from "@/lib/validation/company";

type Form = { name: string; slug: string; email: string; phone: string };

const formFrom = (c: CompanyProfileDto): Form => ({ name: c.name, slug: c.slug, email: c.email ?? "", phone: maskPhone(c.phone ?? "") });

export default function SettingsPage() {
  const { user, refresh } = useAdmin();
  const editable = can(user.role, "update_company");
  const [company, setCompany] = useState<CompanyProfileDto | null>(null);
  const [loadError, setLoadError] = useState("");
  const [form, setForm] = useState<Form>({ name: "", slug: "", email: "", phone: "" });
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const [busy, setBusy] = useState(false);
  const slugCheck = useSlugAvailability(form.slug, company?.slug, editable);

  useEffect(() => {
    api<{ company: CompanyProfileDto | null }>("/company/profile").then(
      ({ company: c }) => {
        if (!c) return setLoadError("Dados da empresa não encontrados");
        setCompany(c);
        setForm(formFrom(c));
      },
      (err) => {
        const text = errorText(err, "Erro ao carregar dados da empresa");
        setLoadError(text);
        notify.error(text);
      },
    );
  }, []);

  if (loadError) return <Card><p className="text-red-700">{loadError}</p></Card>;
  if (!company) return <Spinner />;

  const set = (key: keyof Form, value: string) => {
    setForm({ ...form, [key]: value });
    if (errors[key]) setErrors({ ...errors, [key]: undefined });
  };

  async function save(e: React.FormEvent) {
    e.preventDefault();
    if (!company) return;
    const parsed = companyUpdateInput.safeParse({ ...form, phone: form.phone.replace(/\D/g, "") });
    if (!parsed.success) {
      const next: Partial<Record<keyof Form, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as keyof Form] ??= issue.message;
      setErrors(next);
      return notify.error(Object.values(next)[0] ?? M.slugInvalid);
    }
    if (form.slug !== company.slug && slugCheck.state !== "available") {
      setErrors({ slug: M.slugInvalid });
      return notify.error(M.slugInvalid);
    }
    setErrors({});
    setBusy(true);
    try {
      const r = await api<{ company: CompanyProfileDto }>("/company/profile", {
        method: "PUT",
        body: { name: form.name, slug: form.slug, email: form.email, phone: form.phone.replace(/\D/g, "") },
      });
      setCompany(r.company);
      setForm(formFrom(r.company));
      notify.success(M.updated);
      await refresh();
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors(err.fields as Partial<Record<keyof Form, string>>);
      else if (err instanceof ApiError && err.status === 409) setErrors({ slug: err.message });
      notify.error(errorText(err, "Erro ao atualizar dados da empresa"));
    } finally {
      setBusy(false);
    }
  }

  const slugHint = slugCheck.state === "checking" ? "Verificando disponibilidade..." : slugCheck.state === "available" ? "Slug disponível" : "Letras minúsculas, números e hífens (3 a 50). Muda o endereço das suas roletas.";
  const slugError = errors.slug ?? (slugCheck.state === "unavailable" ? slugCheck.reason : undefined);

  return (
    <>
      <PageHeader title="Configurações da Empresa" description="Dados da empresa exibidos nas roletas e no painel." />
      {!editable && <p className="mb-4 rounded-lg border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900">{M.readOnly}</p>}
      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <form onSubmit={save} noValidate className="space-y-4">
            <Field label="Nome da empresa" maxLength={255} disabled={!editable} value={form.name} error={errors.name} onChange={(e) => set("name", e.target.value)} />
            <Field
              label="Slug (endereço das roletas)"
              maxLength={50}
              disabled={!editable}
              value={form.slug}
              error={slugError}
              hint={slugHint}
              aria-busy={slugCheck.state === "checking" || undefined}
              onChange={(e) => set("slug", e.target.value.toLowerCase())}
            />
            <Field label="Email de contato" type="email" maxLength={255} disabled={!editable} value={form.email} error={errors.email} onChange={(e) => set("email", e.target.value)} />
            <Field label="Telefone" type="tel" inputMode="numeric" placeholder="(99) 99999-9999" disabled={!editable} value={form.phone} error={errors.phone} onChange={(e) => set("phone", maskPhone(e.target.value))} />
            {editable && <Button type="submit" loading={busy}>Salvar alterações</Button>}
          </form>
        </Card>
        <div className="space-y-6">
          <SubscriptionSummary company={company} />
          <SystemInfo company={company} />
        </div>
      </div>
    </>
  );
}
