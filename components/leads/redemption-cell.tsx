// A lead's prize state in the leads table: handed over (when), waiting (until when) or expired, and
// the prize's reminders (when each goes or went, by which channel, what became of it).
import { Badge } from "@/components/ui/misc";
import { shortDate, shortDateTime } from "@/lib/dates/format";
import { reminderText } from "@/lib/reminders/labels";
import type { Lead } from "@/lib/swr/use-leads";

function State({ lead }: { lead: Lead }) {
  switch (lead.redemption_status) {
    case "none":
      return <>—</>;
    case "redeemed":
      return (
        <span className="whitespace-nowrap">
          {lead.redeemed_at ? `Resgatado em ${shortDateTime(lead.redeemed_at)}` : "Resgatado"}
        </span>
      );
    case "expired":
      return <Badge color="red">Expirado em {shortDate(lead.redeem_until!)}</Badge>;
    default:
      return (
        <span className="whitespace-nowrap">
          Aguardando retirada{lead.redeem_until ? ` (até ${shortDate(lead.redeem_until)})` : ""}
        </span>
      );
  }
}

export function RedemptionCell({ lead }: { lead: Lead }) {
  const reminders = lead.reminders ?? [];
  return (
    <>
      <State lead={lead} />
      {reminders.length > 0 && (
        <ul className="mt-1 text-xs text-gray-700" aria-label="Lembretes">
          {reminders.map((r) => (
            <li key={`${r.at}-${r.channel}`} className="whitespace-nowrap">
              Lembrete por {reminderText(r, shortDateTime)}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
