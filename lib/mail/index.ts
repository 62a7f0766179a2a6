// Outgoing email: SMTP through nodemailer when SMTP_URL is set; otherwise the message is written
// to .data/outbox/. In development its text is also printed, so a local user can click a reset
// link with no mail server; a production log never holds an address or a link's token (lib/log).
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { env } from "@/lib/env";
import { log } from "@/lib/log";

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export function outboxDir() {
  return path.join(env().DATA_DIR, "outbox");
}

export async function sendMail(mail: Mail): Promise<void> {
  const { SMTP_URL, MAIL_FROM } = env();
  if (SMTP_URL) {
    const nodemailer = await import("nodemailer");
    const transport = nodemailer.createTransport(SMTP_URL);
    await transport.sendMail({ from: MAIL_FROM, ...mail });
    return;
  }
  const dir = outboxDir();
  await mkdir(dir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const safeTo = mail.to.replace(/[^a-z0-9@._-]/gi, "_");
  const file = path.join(dir, `${stamp}-${safeTo}.json`);
  await writeFile(file, JSON.stringify({ from: MAIL_FROM, ...mail, date: new Date().toISOString() }, null, 2));
  if (env().NODE_ENV === "development")
    console.info(`[mail] outbox: ${mail.subject} -> ${mail.to} (${file})\n${mail.text}`);
  else log().info({ subject: mail.subject }, "e-mail written to the outbox");
}
