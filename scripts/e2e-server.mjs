// Starts the built app for the e2e suite on a fresh embedded database (or DATABASE_URL when set),
// with its outbox in .data/e2e so tests can read reset links.
import { spawn } from "node:child_process";
import { createWriteStream, rmSync } from "node:fs";

const port = process.env.E2E_PORT ?? "3100";
const dataDir = process.env.E2E_DATA_DIR ?? ".data/e2e";
rmSync(dataDir, { recursive: true, force: true });
// E2E_SERVER_LOG: the server's whole output also goes to that file (CI greps it for contacts and
// tokens: scripts/ops/check-log-privacy.mjs).
const logFile = process.env.E2E_SERVER_LOG ? createWriteStream(process.env.E2E_SERVER_LOG, { flags: "a" }) : null;
const child = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "-p", port], {
  stdio: logFile ? ["ignore", "pipe", "pipe"] : "inherit",
  env: {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: "1",
    PGLITE_DIR: `${dataDir}/pglite`,
    DATA_DIR: dataDir,
    APP_URL: `http://localhost:${port}`,
    NEXTAUTH_URL: `http://localhost:${port}`,
    SEED_DEMO: "true",
    // No SMTP here: e-mails go to DATA_DIR/outbox, where the specs read them (production would
    // otherwise stay not ready, lib/mail/ready.ts).
    MAIL_TO_FILES: process.env.MAIL_TO_FILES ?? "true",
    // No load shedding (lib/http/overload.ts): on a shared, busy machine the loop runs late for
    // reasons of its own, and a shed page would fail a spec that is not about overload.
    SHED_EVENT_LOOP_MS: process.env.SHED_EVENT_LOOP_MS ?? "0",
    SHED_POOL_WAIT_MS: process.env.SHED_POOL_WAIT_MS ?? "0",
    // next start runs in production mode, where a real secret is required.
    NEXTAUTH_SECRET: process.env.NEXTAUTH_SECRET ?? "e2e-only-secret-0123456789abcdef",
    NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? "",
    // The Integrações e2e spec's receiver listens on this machine; the worker polls often.
    WEBHOOK_ALLOW_PRIVATE_HOSTS: process.env.WEBHOOK_ALLOW_PRIVATE_HOSTS ?? "true",
    // The suite signs up dozens of companies from this one address (5 an hour is the default).
    SIGNUP_LIMIT_PER_HOUR: process.env.SIGNUP_LIMIT_PER_HOUR ?? "1000",
    WEBHOOK_WORKER_INTERVAL_MS: process.env.WEBHOOK_WORKER_INTERVAL_MS ?? "300",
    // The WhatsApp e2e spec starts a fake Graph API on this port (tests/helpers/fakes/whatsapp.ts).
    WHATSAPP_GRAPH_URL: process.env.WHATSAPP_GRAPH_URL ?? `http://127.0.0.1:${Number(port) + 7}`,
    // The marketing tools' e2e spec starts a fake Brevo on this port (tests/helpers/fakes/marketing.ts).
    BREVO_API_URL: process.env.BREVO_API_URL ?? `http://127.0.0.1:${Number(port) + 13}`,
  },
});
if (logFile) {
  for (const [from, to] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    from.pipe(to);
    from.pipe(logFile, { end: false });
  }
}
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => child.kill(sig));
child.on("exit", (code) => process.exit(code ?? 0));
