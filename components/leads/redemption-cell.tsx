// A lead's prize state in the leads table: handed over (when), waiting (until when) or expired.
import { Badge } from "@/components/ui/misc";
import { shortDate, shortDateTime } from "@/lib/dates/format";
import type { Lead } from "@/lib/swr/use-leads";

export function RedemptionCell({ lead }: { lead: Lead }) {
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
