"use client";
// The one form hook of the app: react-hook-form + the zod schema the route handler parses with
// (zodResolver), and the server's answer mapped back onto the form: `details.fields` to each
// field's error, any other failure to the form's root error and a toast with the server's text or
// the screen's fallback. Inputs are uncontrolled (register), so text typed or autofilled before
// the page hydrated stays in the field, and submit reads it from the DOM.
import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect } from "react";
import { useForm, type FieldValues, type Path, type UseFormProps, type UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import { FetchError, errorText } from "@/lib/swr/fetcher";
import { notify } from "@/lib/ui/toast";

export interface SubmitOptions {
  /** Toast text when the server sent none. */
  fallback: string;
  /** Handles a FetchError itself (a plan limit shown inline...); return true to stop there. */
  onApiError?: (err: FetchError) => boolean | void;
  /** The field a 409 answer is about (a slug already taken). */
  conflictField?: string;
  /** Toast for a form that fails the schema in the browser (e.g. 'Por favor, corrija os erros no formulário'). */
  invalid?: string;
}

type FormApi<T extends FieldValues> = Pick<UseFormReturn<T>, "getValues" | "setError">;

/** Copies the server's per-field messages onto the form; true when at least one field matched. */
export function applyFieldErrors<T extends FieldValues>(form: FormApi<T>, err: FetchError, conflictField?: string) {
  const fields = { ...err.fields };
  if (err.status === 409 && conflictField) fields[conflictField] ??= err.message;
  const names = Object.keys(form.getValues());
  let matched = false;
  for (const [field, message] of Object.entries(fields)) {
    if (!names.includes(field.split(".")[0])) continue;
    form.setError(field as Path<T>, { type: "server", message }, { shouldFocus: !matched });
    matched = true;
  }
  return matched;
}

const TEXT_INPUT = /^(text|email|password|search|tel|url)$/;

/**
 * Text that reached a field without an input event (typed while the page hydrated, or filled in
 * by a password manager) is taken from the DOM, and whatever watches the field sees it: the DOM
 * is what the person sees. Top-level text fields only: the public forms are flat.
 */
function adoptDomValues<T extends FieldValues, C, O extends FieldValues>(form: UseFormReturn<T, C, O>) {
  for (const [name, field] of Object.entries(form.control._fields)) {
    const el = (field as { _f?: { ref?: unknown } } | undefined)?._f?.ref;
    const text = (el instanceof HTMLInputElement && TEXT_INPUT.test(el.type)) || el instanceof HTMLTextAreaElement;
    if (text && el.value) form.setValue(name as Path<T>, el.value as never, { shouldDirty: true });
  }
}

export function useApiForm<TSchema extends z.ZodType<FieldValues, FieldValues>>(
  schema: TSchema,
  options: Omit<UseFormProps<z.input<TSchema>, unknown, z.output<TSchema>>, "resolver"> = {},
) {
  const form = useForm<z.input<TSchema>, unknown, z.output<TSchema>>({ ...options, resolver: zodResolver(schema) });
  // Once hydrated, not a data fetch: see adoptDomValues.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => adoptDomValues(form), []);

  /** An onSubmit handler that runs `action` with the parsed values and maps the server's errors. */
  const submit =
    (action: (values: z.output<TSchema>) => Promise<unknown>, opts: SubmitOptions) =>
    (event?: React.FormEvent<HTMLFormElement>) => {
      adoptDomValues(form);
      return form.handleSubmit(
        async (values) => {
          try {
            await action(values);
          } catch (err) {
            const apiErr = err instanceof FetchError ? err : null;
            if (apiErr && opts.onApiError?.(apiErr)) return;
            if (!apiErr || !applyFieldErrors(form, apiErr, opts.conflictField))
              form.setError("root.server", { type: "server", message: errorText(err, opts.fallback) });
            notify.error(errorText(err, opts.fallback));
          }
        },
        opts.invalid ? () => notify.error(opts.invalid!) : undefined,
      )(event);
    };

  return { ...form, submit };
}
