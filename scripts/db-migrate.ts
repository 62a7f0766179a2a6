// Applies pending migrations to DATABASE_URL (or the embedded database when unset).
// Do not run it against .data/pglite while the dev server has it open: the server migrates itself.
import { closeDb, db } from "@/lib/db/client";

await db();
await closeDb();
console.info("Migrations are up to date.");
