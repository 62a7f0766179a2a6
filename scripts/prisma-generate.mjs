// Runs `prisma generate` offline: generation needs only WASM, but the CLI first tries to
// fetch the native schema engine, which this environment cannot download.
import { execFileSync } from "node:child_process";
import { existsSync } from "node:fs";

const env = { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1", CHECKPOINT_DISABLE: "1" };
if (!env.PRISMA_SCHEMA_ENGINE_BINARY && existsSync("/bin/true")) env.PRISMA_SCHEMA_ENGINE_BINARY = "/bin/true";
execFileSync(process.execPath, ["node_modules/prisma/build/index.js", "generate"], { stdio: "inherit", env });
