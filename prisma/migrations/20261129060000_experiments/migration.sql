-- Experiments: A/B/n of wheels with a holdout (docs/api.md "Experiments"; docs/decisions/experiments.md).
-- The arm of a visitor is a hash of the experiment's id and the visitor (no row needed to assign);
-- exposures are kept once per experiment and visitor; a spin keeps the arm it was played in.
CREATE TABLE "Experiment" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "key" VARCHAR(50) NOT NULL,
    "name" VARCHAR(80) NOT NULL,
    "status" VARCHAR(10) NOT NULL DEFAULT 'draft',
    "primaryMetric" VARCHAR(30) NOT NULL,
    "attributionDays" INTEGER NOT NULL DEFAULT 7,
    "minVisitorsPerArm" INTEGER NOT NULL DEFAULT 500,
    "startedAt" TIMESTAMP(3),
    "stoppedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Experiment_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "Experiment_status_check" CHECK ("status" IN ('draft', 'running', 'stopped'))
);

CREATE TABLE "ExperimentArm" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "experimentId" TEXT NOT NULL,
    "position" INTEGER NOT NULL,
    "key" VARCHAR(30) NOT NULL,
    "name" VARCHAR(60) NOT NULL,
    "wheelId" TEXT,
    "weight" INTEGER NOT NULL,

    CONSTRAINT "ExperimentArm_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "ExperimentArm_weight_check" CHECK ("weight" BETWEEN 1 AND 100)
);

CREATE TABLE "ExperimentExposure" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "experimentId" TEXT NOT NULL,
    "visitor" VARCHAR(64) NOT NULL,
    "armKey" VARCHAR(30) NOT NULL,
    "at" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ExperimentExposure_pkey" PRIMARY KEY ("id")
);

ALTER TABLE "Spin" ADD COLUMN "experimentId" TEXT,
  ADD COLUMN "experimentKey" VARCHAR(50),
  ADD COLUMN "experimentArm" VARCHAR(30),
  ADD COLUMN "visitorId" VARCHAR(64);

CREATE UNIQUE INDEX "Experiment_companyId_key_key" ON "Experiment"("companyId", "key");
CREATE UNIQUE INDEX "ExperimentArm_experimentId_key_key" ON "ExperimentArm"("experimentId", "key");
CREATE UNIQUE INDEX "ExperimentArm_experimentId_position_key" ON "ExperimentArm"("experimentId", "position");
CREATE UNIQUE INDEX "ExperimentExposure_experimentId_visitor_key" ON "ExperimentExposure"("experimentId", "visitor");
CREATE INDEX "ExperimentExposure_experimentId_armKey_idx" ON "ExperimentExposure"("experimentId", "armKey");
CREATE INDEX "Spin_experimentId_experimentArm_idx" ON "Spin"("experimentId", "experimentArm");

ALTER TABLE "Experiment" ADD CONSTRAINT "Experiment_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ExperimentArm" ADD CONSTRAINT "ExperimentArm_experimentId_fkey" FOREIGN KEY ("experimentId") REFERENCES "Experiment"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "ExperimentExposure" ADD CONSTRAINT "ExperimentExposure_experimentId_fkey" FOREIGN KEY ("experimentId") REFERENCES "Experiment"("id") ON DELETE CASCADE ON UPDATE CASCADE;
ALTER TABLE "Spin" ADD CONSTRAINT "Spin_experimentId_fkey" FOREIGN KEY ("experimentId") REFERENCES "Experiment"("id") ON DELETE SET NULL ON UPDATE CASCADE;
