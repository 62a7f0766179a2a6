// One service on the Integrações screen, laid out the same for every service: its name and a status
// badge, what it does for the shop in plain words, the main action, a short step-by-step guide, the
// service's own content, and its developer details folded away (docs/decisions/admin-ui.md "Admin in a shop owner's
// words"). Sections adopt it one at a time; webhooks-section.tsx is the first.
import { Badge } from "@/components/ui/misc";

export interface IntegrationStatus {
  label: string;
  color: "green" | "yellow" | "red" | "gray";
}

export function IntegrationSection({
  id,
  title,
  status,
  what,
  action,
  guide,
  developer,
  children,
}: {
  /** The section's element id; its heading is `${id}-title`. */
  id: string;
  title: string;
  status?: IntegrationStatus | null;
  /** What it does for the shop, one or two sentences. */
  what: React.ReactNode;
  action?: React.ReactNode;
  /** "Como usar": the steps, each one line. */
  guide?: { title?: string; steps: React.ReactNode[] };
  /** For whoever builds the receiving side: folded under "Detalhes para desenvolvedores". */
  developer?: React.ReactNode;
  children?: React.ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-title`} className="space-y-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="max-w-2xl">
          <h2 id={`${id}-title`} className="flex flex-wrap items-center gap-2 text-lg font-semibold text-gray-900">
            {title}
            {status && <Badge color={status.color}>{status.label}</Badge>}
          </h2>
          <div className="mt-1 text-sm text-gray-700">{what}</div>
        </div>
        {action}
      </div>
      {guide && (
        <details className="rounded-lg border border-gray-200 bg-white p-3 text-sm text-gray-800">
          <summary className="-m-1 flex min-h-11 cursor-pointer items-center rounded p-1 font-medium text-gray-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none">
            {guide.title ?? "Como usar"}
          </summary>
          <ol className="mt-2 list-decimal space-y-1 pl-5">
            {guide.steps.map((step, i) => (
              <li key={i}>{step}</li>
            ))}
          </ol>
        </details>
      )}
      {children}
      {developer && (
        <details className="rounded-lg border border-gray-200 bg-gray-50 p-3 text-sm text-gray-800">
          <summary className="-m-1 flex min-h-11 cursor-pointer items-center rounded p-1 font-medium text-gray-900 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none">
            Detalhes para desenvolvedores
          </summary>
          <div className="mt-2 space-y-3">{developer}</div>
        </details>
      )}
    </section>
  );
}
