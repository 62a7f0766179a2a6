// The leads CSV: every matching row, streamed; dates in São Paulo time.
import type { SessionCtx } from "@/lib/auth/session";
import { csvDateTime as dateTime, csvResponse, fileStamp } from "@/lib/csv";
import { REDEMPTION_LABELS, redemptionStatus } from "@/lib/spins/validity";
import { formatPhone } from "@/lib/phone";
import type { SpinFilters } from "@/lib/validation/leads";
import { spinBatches, type LeadExportRow } from "./service";
import { answersText, maskedCpf } from "@/lib/spins/visitor-fields";
import { mayHaveReminders, remindersBySpin, type LeadReminder } from "@/lib/reminders/lead";
import { reminderText } from "@/lib/reminders/labels";
import { shortDateTime } from "@/lib/dates/format";

export const LEADS_CSV_HEADER = [
  "Nome",
  "WhatsApp",
  "Data de nascimento",
  "Roleta",
  "Prêmio",
  "Ganhou",
  "Código",
  "Resgatado em",
  "Data",
  "Origem",
  "utm_source",
  "utm_medium",
  "utm_campaign",
  "Válido até",
  "Situação",
  "E-mail",
  "CPF",
  "Respostas",
  // The redemption record (docs/api.md "Redemptions (issue 39)").
  "Resgate por",
  "Pedido",
  "Total do pedido",
  "Moeda",
  // The prize's reminders (docs/api.md "Reminders before the prize expires"), "; " between them.
  "Lembretes",
];

export const CHANNEL_LABELS: Record<string, string> = { counter: "Balcão", store: "Loja on-line", api: "Caixa (API)" };

/** Cents as a spreadsheet in Brazil reads a number: "159,90" (no thousands separator). */
const cents = (v: number | null) => (v === null ? "" : `${Math.trunc(v / 100)},${String(v % 100).padStart(2, "0")}`);

/** "WhatsApp em 10/12/2026, 10:00 (enviado); E-mail em ...", in São Paulo time. */
export const remindersText = (reminders: LeadReminder[]) =>
  reminders.map((r) => reminderText(r, shortDateTime)).join("; ");

export function leadRow(s: LeadExportRow, reminders: LeadReminder[] = []): unknown[] {
  return [
    s.customerName,
    // As the screens show it, "+55 (11) 98765-4321"; lib/csv puts its usual "'" before the "+" so a
    // spreadsheet keeps it as text instead of computing it.
    formatPhone(s.whatsapp),
    s.customerBirthdate ? s.customerBirthdate.toISOString().slice(0, 10).split("-").reverse().join("/") : "",
    s.wheelName,
    s.productName ?? "",
    s.won ? "Sim" : "Não",
    s.redemptionCode ?? "",
    dateTime(s.redeemedAt),
    dateTime(s.createdAt),
    s.sourceName ?? "",
    s.utmSource ?? "",
    s.utmMedium ?? "",
    s.utmCampaign ?? "",
    s.won ? dateTime(s.redeemUntil) : "",
    REDEMPTION_LABELS[redemptionStatus(s)],
    s.email ?? "",
    maskedCpf(s.cpfLast2) ?? "",
    answersText(s.answers),
    s.redeemedAt ? CHANNEL_LABELS[s.redemptionChannel ?? "counter"] : "",
    s.orderId ?? "",
    cents(s.orderTotalCents),
    s.orderCurrency ?? "",
    remindersText(reminders),
  ];
}

async function* rows(companyId: string, batches: AsyncGenerator<LeadExportRow[]>) {
  for await (const batch of batches) {
    // One query per batch for the reminders of the batch's leads that can have any (the jobs'
    // spinId index); a batch with none asks nothing.
    const reminders = await remindersBySpin(
      companyId,
      batch.filter(mayHaveReminders).map((s) => s.id),
    );
    yield batch.map((s) => leadRow(s, reminders.get(s.id)));
  }
}

export function exportLeads(ctx: SessionCtx, f: SpinFilters, prefix = "leads") {
  return csvResponse(
    `${prefix}-${fileStamp()}.csv`,
    LEADS_CSV_HEADER,
    rows(ctx.companyId, spinBatches(ctx.companyId, f)),
  );
}
