"use client";
// Integrações -> WhatsApp (docs/whatsapp.md): the shop's number on Meta's WhatsApp Cloud API, so the
// wheel can ask visitors to prove their number and send the prize in the chat. A step-by-step guide
// for Meta's setup, the webhook URL and verify token to paste there, "Enviar teste" and the
// connection's state. The access token and app secret are write-only (configured + last 4).
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Card } from "@/components/ui/misc";
import { QueryState } from "@/components/ui/query-state";
import type { WhatsappSettingsAnswer } from "@/lib/api-types";
import { api, FetchError } from "@/lib/swr/fetcher";
import { useApi } from "@/lib/swr/use-api";
import { notify } from "@/lib/ui/toast";
import { SecretField } from "./secret-field";

const message = (err: unknown, fallback: string) => (err instanceof FetchError && err.message ? err.message : fallback);

const when = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString("pt-BR", { timeZone: "America/Sao_Paulo" }) : "nunca";

function Guide() {
  return (
    <details className="rounded-lg border border-gray-200 bg-gray-50 p-3 text-sm text-gray-800">
      <summary className="cursor-pointer font-medium text-gray-900">Como conectar (passo a passo na Meta)</summary>
      <ol className="mt-2 list-decimal space-y-1 pl-5">
        <li>
          Em developers.facebook.com, crie um app do tipo <strong>Empresa</strong> e adicione o produto{" "}
          <strong>WhatsApp</strong>.
        </li>
        <li>
          Em WhatsApp → Configuração da API, cadastre o número da loja e copie o <strong>Phone number ID</strong>.
        </li>
        <li>
          Em Configurações da empresa → Usuários do sistema, crie um usuário, dê acesso ao app e gere um{" "}
          <strong>token permanente</strong> com as permissões whatsapp_business_messaging e
          whatsapp_business_management.
        </li>
        <li>
          Em Configurações do app → Básico, copie a <strong>Chave secreta do app</strong> (App secret).
        </li>
        <li>Preencha os campos abaixo e salve. Depois, use &quot;Enviar teste&quot; para conferir.</li>
        <li>
          Em WhatsApp → Configuração → Webhook, cole a <strong>URL do webhook</strong> e o{" "}
          <strong>token de verificação</strong> mostrados aqui e assine o campo <strong>messages</strong>.
        </li>
        <li>
          Para o código por WhatsApp e o prêmio fora da janela de 24 horas, crie modelos em Gerenciador do WhatsApp →
          Modelos de mensagem: um de <strong>autenticação</strong> e um de <strong>utilidade</strong> com as variáveis
          nome, prêmio, código e link. Informe os nomes abaixo.
        </li>
      </ol>
    </details>
  );
}

function SettingsForm({ saved, onSaved }: { saved: WhatsappSettingsAnswer; onSaved: () => void }) {
  const [form, setForm] = useState({
    phone_number_id: saved.phone_number_id ?? "",
    business_phone: saved.business_phone ?? "",
    access_token: "",
    app_secret: "",
    verify_token: saved.verify_token ?? "",
    prize_template: saved.prize_template ?? "",
    code_template: saved.code_template ?? "",
    codes_abroad: saved.codes_abroad,
    daily_code_cap: String(saved.daily_code_cap),
    reminder_template: saved.reminder_template ?? "",
    enabled: saved.configured ? saved.enabled : true,
  });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (key: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm({ ...form, [key]: e.target.type === "checkbox" ? e.target.checked : e.target.value });

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      // An empty or non-numeric cap is sent as is: the API answers its pt-BR message.
      const cap = form.daily_code_cap.trim();
      const body = { ...form, daily_code_cap: /^\d+$/.test(cap) ? Number(cap) : cap };
      await api("/integrations/whatsapp", { method: "PUT", body });
      notify.success("WhatsApp salvo com sucesso!");
      setForm({ ...form, access_token: "", app_secret: "" });
      onSaved();
    } catch (err) {
      setError(message(err, "Erro ao salvar o WhatsApp"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={save} noValidate className="space-y-3">
      <Field
        label="Phone number ID"
        inputMode="numeric"
        value={form.phone_number_id}
        onChange={set("phone_number_id")}
      />
      <Field
        label="Número de WhatsApp da loja"
        type="tel"
        placeholder="(11) 98765-4321"
        value={form.business_phone}
        onChange={set("business_phone")}
      />
      <SecretField
        label="Token de acesso"
        saved={saved.access_token}
        value={form.access_token}
        onChange={set("access_token")}
      />
      <SecretField
        label="Chave secreta do app (App secret)"
        saved={saved.app_secret}
        value={form.app_secret}
        onChange={set("app_secret")}
      />
      <Field
        label="Token de verificação do webhook"
        hint="Deixe em branco para gerarmos um."
        autoComplete="off"
        value={form.verify_token}
        onChange={set("verify_token")}
      />
      <Field
        label="Modelo do prêmio (utilidade, opcional)"
        placeholder="premio_ganho"
        // Issue 38: a winner who confirmed by code never wrote to the shop, so no 24-hour window is open.
        hint={
          form.prize_template.trim()
            ? undefined
            : "Sem este modelo, só recebe o prêmio no WhatsApp quem confirmou enviando a mensagem: quem confirmou por código (ou escreveu há mais de 24 horas) vê o prêmio apenas na tela."
        }
        value={form.prize_template}
        onChange={set("prize_template")}
      />
      <Field
        label="Modelo do código (autenticação, opcional)"
        placeholder="codigo_verificacao"
        hint="Sem este modelo, a roleta não oferece “Prefiro receber um código”: só a confirmação pela mensagem."
        value={form.code_template}
        onChange={set("code_template")}
      />
      {/* Each code is a paid authentication template: a cap per day, and Brazil only unless allowed. */}
      <Field
        label="Limite de códigos por dia"
        hint="Cada código é uma mensagem paga à Meta. Passado o limite, o visitante confirma enviando a mensagem."
        inputMode="numeric"
        value={form.daily_code_cap}
        onChange={set("daily_code_cap")}
      />
      <label className="flex items-center gap-2 text-sm text-gray-800">
        <input
          type="checkbox"
          className="h-4 w-4 accent-brand-600"
          checked={form.codes_abroad}
          onChange={set("codes_abroad")}
        />
        Enviar códigos também para números de outros países (fora do +55)
      </label>
      <Field
        label="Modelo do lembrete (utilidade, opcional)"
        hint="Lembretes antes do prêmio vencer, fora da janela de 24 horas: {{1}} nome, {{2}} prêmio, {{3}} código, {{4}} validade, {{5}} link."
        placeholder="lembrete_premio"
        value={form.reminder_template}
        onChange={set("reminder_template")}
      />
      <label className="flex items-center gap-2 text-sm text-gray-800">
        <input type="checkbox" className="h-4 w-4 accent-brand-600" checked={form.enabled} onChange={set("enabled")} />
        Ativo
      </label>
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
      <Button type="submit" loading={busy} disabled={busy}>
        Salvar WhatsApp
      </Button>
    </form>
  );
}

function TestSend() {
  const [to, setTo] = useState("");
  const [busy, setBusy] = useState(false);

  async function send(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await api("/integrations/whatsapp/test", { method: "POST", body: { to } });
      notify.success("Mensagem de teste enviada");
    } catch (err) {
      notify.error(message(err, "Erro ao enviar o teste"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={send} noValidate className="flex flex-col gap-2 sm:flex-row sm:items-end">
      <Field
        className="flex-1"
        label="Enviar teste para"
        type="tel"
        placeholder="(11) 98765-4321"
        value={to}
        onChange={(e) => setTo(e.target.value)}
      />
      <Button type="submit" variant="secondary" loading={busy} disabled={busy}>
        Enviar teste
      </Button>
    </form>
  );
}

function State({ s }: { s: WhatsappSettingsAnswer }) {
  return (
    <Card className="space-y-1 text-sm text-gray-800">
      <p className={s.connected ? "font-medium text-green-800" : "font-medium text-gray-900"}>
        {s.connected ? "Conectado" : s.configured ? "Desativado" : "Não conectado"}
      </p>
      {s.webhook_url && (
        <>
          <p>
            URL do webhook: <code className="break-all">{s.webhook_url}</code>
          </p>
          <p>
            Token de verificação: <code className="break-all">{s.verify_token}</code>
          </p>
          <p>Último webhook recebido: {when(s.last_webhook_at)}</p>
        </>
      )}
      {s.last_error && (
        <p className="text-red-700">
          Último erro ({when(s.last_error_at)}): {s.last_error}
        </p>
      )}
    </Card>
  );
}

export function WhatsappSection() {
  const query = useApi<WhatsappSettingsAnswer>("/integrations/whatsapp", {
    errorText: "Erro ao carregar o WhatsApp",
  });

  return (
    <section aria-labelledby="whatsapp-title" className="space-y-4">
      <div>
        <h2 id="whatsapp-title" className="text-lg font-semibold text-gray-900">
          WhatsApp
        </h2>
        <p className="text-sm text-gray-700">
          Conecte o WhatsApp da loja (API oficial da Meta) para confirmar o número de quem joga e enviar o prêmio na
          conversa.
        </p>
      </div>
      <Guide />
      <QueryState query={query} loading="Carregando WhatsApp...">
        {(s) => (
          <div className="space-y-4">
            <State s={s} />
            <Card>
              <SettingsForm key={s.configured ? "saved" : "new"} saved={s} onSaved={() => void query.mutate()} />
            </Card>
            {s.configured && (
              <Card>
                <TestSend />
              </Card>
            )}
          </div>
        )}
      </QueryState>
    </section>
  );
}
