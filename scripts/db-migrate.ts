// Applies pending migrations to DATABASE_URL (or the embedded database when unset): the one-shot
// step before a rollout (docker-compose.yml's migrate service), whatever MIGRATE_ON_START says.
// Do not run it against .data/pglite while the dev server has it open: the server migrates itself.
import { closeDb, sqlExecutor } from "@/lib/db/client";
import { migrate } from "@/lib/db/migrate";

// Opening the database must not migrate by itself: this script does, and says what it applied.
process.env.MIGRATE_ON_START = "false";
const applied = await migrate(await sqlExecutor());
await closeDb();
console.info(applied.length ? `Applied: ${applied.join(", ")}` : "Migrations are up to date.");
