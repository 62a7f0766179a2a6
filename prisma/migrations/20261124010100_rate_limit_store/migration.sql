-- Issue 16: the shared rate-limit store (rate-limiter-flexible's Postgres layout, created here
-- instead of at run time).
CREATE TABLE "RateLimit" (
    "key" VARCHAR(255) NOT NULL,
    "points" INTEGER NOT NULL DEFAULT 0,
    "expire" BIGINT,

    CONSTRAINT "RateLimit_pkey" PRIMARY KEY ("key")
);
