import { PUBLIC_MESSAGES } from "@/lib/validation/public-rules";

export default function Loading() {
  return (
    <div role="status" className="flex min-h-screen items-center justify-center bg-brand-700 text-white">
      <span className="mr-3 h-6 w-6 animate-spin rounded-full border-2 border-white border-t-transparent" aria-hidden />
      {PUBLIC_MESSAGES.loading}
    </div>
  );
}
