import { Placeholder } from "@/components/admin/placeholder";

export default function Page() {
  return <Placeholder title="Usuários" />;
}
