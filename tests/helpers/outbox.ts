// Reads the emails the app wrote to its local outbox (no SMTP in tests).
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/** The latest email sent to this address, as the outbox stores it. */
export async function latestMail(email: string): Promise<{ subject: string; text: string; html?: string }> {
  const dir = path.join(process.env.DATA_DIR!, "outbox");
  const files = (await readdir(dir)).filter((f) => f.includes(email)).sort();
  if (!files.length) throw new Error(`no email to ${email}`);
  return JSON.parse(await readFile(path.join(dir, files.at(-1)!), "utf8"));
}

/** The text of the latest email sent to this address. */
export async function latestMailTo(email: string): Promise<string> {
  return (await latestMail(email)).text;
}

/** The token of the latest link of this kind (`token=` or `/convite/`) sent to this address. */
export async function latestLinkToken(email: string, kind: "reset" | "invitation"): Promise<string> {
  const text = await latestMailTo(email);
  const re = kind === "reset" ? /token=([A-Za-z0-9_-]+)/ : /\/convite\/([A-Za-z0-9_-]+)/;
  return re.exec(text)![1];
}
