// Whether e-mail can reach people (docs/decisions/operations.md "Production without SMTP is not
// ready"). Without SMTP_URL every e-mail (prizes, reminders, password resets, invitations, stock
// alerts) is written to DATA_DIR/outbox: right for development and tests, a silent loss in
// production, where nobody reads that folder. There the server stays not ready until SMTP_URL is
// set, or MAIL_TO_FILES=true says the files are wanted (a demo, CI, a relay that reads the folder).
import { env, type Env } from "@/lib/env";

export type MailState = "ok" | "failing" | "not_configured";

export const MAIL_NOT_READY =
  "SMTP_URL is unset in production: prize e-mails and password resets would only be written to DATA_DIR/outbox, " +
  "which nobody reads. Readiness answers 503 (mail) until SMTP_URL is set, or MAIL_TO_FILES=true if that is wanted.";

/** ok: SMTP; not_configured: the outbox folder, as wanted; failing: production would lose e-mail. */
export function mailState(e: Env = env()): MailState {
  if (e.SMTP_URL) return "ok";
  if (e.NODE_ENV !== "production" || e.MAIL_TO_FILES) return "not_configured";
  return "failing";
}
