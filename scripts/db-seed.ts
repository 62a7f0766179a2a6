// Seeds the demo company into an empty database (migrating first).
import { closeDb, db } from "@/lib/db/client";
import { demoBanner, seedDemoIfEmpty } from "@/lib/demo/seed";

const prisma = await db();
const seeded = await seedDemoIfEmpty(prisma);
if (!seeded) console.info(`The database already has users; nothing seeded.${demoBanner()}`);
await closeDb();
