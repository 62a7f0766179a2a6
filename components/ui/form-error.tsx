// The form-level error line: the server's refusal that belongs to no single field.
import type { FieldErrors } from "react-hook-form";
import { cn } from "@/lib/ui/cn";

export function FormError({ errors, className }: { errors: FieldErrors; className?: string }) {
  const message = errors.root?.server?.message;
  if (!message) return null;
  return (
    <p role="alert" className={cn("text-sm text-red-700", className)}>
      {message}
    </p>
  );
}
