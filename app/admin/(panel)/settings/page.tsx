"use client";
// Configurações da empresa: the owner edits (slug checked live 500 ms after typing); others read only.
import { LegalFields } from "@/components/company/legal-fields";
import { SubscriptionSummary, SystemInfo } from "@/components/company/subscription-summary";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Card, PageHeader } from "@/components/ui/misc";
import { QueryState } from "@/components/ui/query-state";
import { useAdmin } from "@/components/admin/admin-context";
import { can } from "@/lib/auth/permissions";
import { useApiForm } from "@/lib/forms/use-api-form";
import { endpoints } from "@/lib/swr/writes";
import { useCompany, type CompanyProfile } from "@/lib/swr/use-company";
import { useSlugAvailability } from "@/lib/swr/use-slug-availability";
import { notify } from "@/lib/ui/toast";
import { maskCnpj } from "@/lib/validation/cnpj";
import { companyUpdateInput, maskPhone } from "@/lib/validation/company";
import { COMPANY_MESSAGES as M } from "@/lib/copy/company";

const valuesOf = (c: CompanyProfile) => ({
  name: c.name,
  slug: c.slug,
  email: c.email ?? "",
  contact_email: c.contact_email ?? "",
  phone: maskPhone(c.phone ?? ""),
  legal_name: c.legal_name ?? "",
  cnpj: maskCnpj(c.cnpj ?? ""),
});

function CompanyForm({ company, editable }: { company: CompanyProfile; editable: boolean }) {
  const form = useApiForm(companyUpdateInput, { defaultValues: valuesOf(company) });
  const errors = form.formState.errors;
  const slug = form.watch("slug") ?? "";
  const slugCheck = useSlugAvailability(slug, company.slug, editable);

  const save = form.submit(
    async (values) => {
      // Only an answered check stops the save: saved before it answers, the server decides (409).
      if (values.slug !== company.slug && slugCheck.state === "unavailable") {
        const message = slugCheck.reason ?? M.slugInvalid;
        form.setError("slug", { message });
        return notify.error(message);
      }
      const r = await endpoints.company.update(values);
      form.reset(valuesOf(r.company));
      notify.success(M.updated);
    },
    { fallback: "Erro ao atualizar dados da empresa", conflictField: "slug" },
  );

  const slugHint =
    slugCheck.state === "checking"
      ? "Verificando disponibilidade..."
      : slugCheck.state === "available"
        ? "Slug disponível"
        : "Letras minúsculas, números e hífens (3 a 50). Muda o endereço das suas roletas.";

  return (
    <form onSubmit={save} noValidate>
      <fieldset disabled={!editable} className="space-y-4">
        <Field label="Nome da empresa" maxLength={255} error={errors.name?.message} {...form.register("name")} />
        <Field
          label="Slug (endereço das roletas)"
          maxLength={50}
          error={errors.slug?.message ?? (slugCheck.state === "unavailable" ? slugCheck.reason : undefined)}
          hint={slugHint}
          aria-busy={slugCheck.state === "checking" || undefined}
          {...form.register("slug", { setValueAs: (v: string) => v.toLowerCase() })}
        />
        <Field
          label="Email da empresa"
          type="email"
          maxLength={255}
          hint="Uso interno: não aparece nas páginas públicas."
          error={errors.email?.message}
          {...form.register("email")}
        />
        <Field
          label="Email de contato (público)"
          type="email"
          maxLength={255}
          hint="Aparece no regulamento das roletas, com o telefone, para os participantes falarem com a empresa."
          error={errors.contact_email?.message}
          {...form.register("contact_email")}
        />
        <Field
          label="Telefone"
          type="tel"
          inputMode="numeric"
          placeholder="(99) 99999-9999"
          error={errors.phone?.message}
          {...form.register("phone", {
            onChange: (e: React.ChangeEvent<HTMLInputElement>) => form.setValue("phone", maskPhone(e.target.value)),
          })}
        />
        <LegalFields form={form} />
        {editable && (
          <Button type="submit" loading={form.formState.isSubmitting}>
            Salvar alterações
          </Button>
        )}
      </fieldset>
    </form>
  );
}

export default function SettingsPage() {
  const { user } = useAdmin();
  const editable = can(user.role, "update_company");
  return (
    <>
      <PageHeader title="Configurações da Empresa" description="Dados da empresa exibidos nas roletas e no painel." />
      {!editable && (
        <p className="mb-4 rounded-lg border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900">
          {M.readOnly}
        </p>
      )}
      <QueryState query={useCompany("Erro ao carregar dados da empresa")}>
        {({ company }) => (
          <div className="grid gap-6 lg:grid-cols-3">
            <Card className="lg:col-span-2">
              <CompanyForm company={company} editable={editable} />
            </Card>
            <div className="space-y-6">
              <SubscriptionSummary company={company} />
              <SystemInfo company={company} />
            </div>
          </div>
        )}
      </QueryState>
    </>
  );
}
