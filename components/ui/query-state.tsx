"use client";
// The three states every data screen has, written once: a spinner while the first answer loads, the
// error with "Tentar novamente" (never an endless spinner), and the empty state; otherwise the data.
// A failed refresh of data already shown keeps the data on screen (SWR keeps it) and toasts instead.
import { useEffect, useRef } from "react";
import type { ApiQuery } from "@/lib/swr/use-api";
import { notify } from "@/lib/ui/toast";
import { Button } from "./button";
import { EmptyState, Spinner } from "./misc";

export function ErrorState({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-3 p-8 text-center">
      <p className="text-sm font-medium text-red-800">{message}</p>
      <Button variant="secondary" onClick={onRetry}>
        Tentar novamente
      </Button>
    </div>
  );
}

interface Props<T> {
  query: ApiQuery<T>;
  /** True when the answer has nothing to show (then `empty` is rendered). */
  isEmpty?: (data: T) => boolean;
  empty?: React.ReactNode;
  /** Spinner label while the first answer loads. */
  loading?: string;
  children: (data: T) => React.ReactNode;
}

export function QueryState<T>({ query, isEmpty, empty, loading, children }: Props<T>) {
  const { data, error, errorMessage, isValidating, mutate } = query;
  // Spec section 8: a failed load shows a toast with the server's text (once per failure).
  const toasted = useRef<unknown>(null);
  useEffect(() => {
    if (error && errorMessage && toasted.current !== error) {
      toasted.current = error;
      notify.error(errorMessage);
    }
  }, [error, errorMessage]);

  if (error && data === undefined && !isValidating)
    return <ErrorState message={errorMessage ?? ""} onRetry={() => void mutate()} />;
  if (data === undefined) return <Spinner label={loading} />;
  if (isEmpty?.(data)) return <EmptyState>{empty}</EmptyState>;
  return <>{children(data)}</>;
}
