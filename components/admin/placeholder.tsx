import { Card, PageHeader } from "@/components/ui/misc";

/** Screens not built yet show this instead of a 404. */
export function Placeholder({ title }: { title: string }) {
  return (
    <>
      <PageHeader title={title} />
      <Card>
        <p className="text-sm text-gray-600">Esta tela estará disponível em breve.</p>
      </Card>
    </>
  );
}
