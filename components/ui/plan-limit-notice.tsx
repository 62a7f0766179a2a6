// Shown when the server answers 402: the limit's text and the way to upgrade.
import Link from "next/link";

export function PlanLimitNotice({ message }: { message: string }) {
  return (
    <div className="rounded-lg border border-yellow-300 bg-yellow-50 p-3 text-sm text-yellow-900" role="status">
      <p>{message}</p>
      <Link href="/admin/subscription" className="mt-1 inline-block font-semibold text-brand-700 underline">
        Ver planos e fazer upgrade
      </Link>
    </div>
  );
}
