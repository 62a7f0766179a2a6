// A write-only secret of an integration (an access token, an app secret, an API key, a store's
// credential): a password input the browser does not fill in. The API never returns a saved secret,
// only that it is configured and its last 4 characters, which `saved` shows with "leave blank to keep".
import { Field, type FieldProps } from "@/components/ui/field";

export interface SavedSecret {
  configured: boolean;
  last4: string | null;
}

export interface SecretFieldProps extends Omit<FieldProps, "type" | "autoComplete"> {
  saved?: SavedSecret;
}

export function SecretField({ saved, hint, ...rest }: SecretFieldProps) {
  const kept = saved?.configured ? `Configurado (final ${saved.last4}). Deixe em branco para manter.` : undefined;
  return <Field {...rest} type="password" autoComplete="off" hint={kept ?? hint} />;
}
