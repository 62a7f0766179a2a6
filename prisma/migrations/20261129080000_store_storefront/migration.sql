-- What a Nuvemshop store's installed script shows (docs/stores.md "The storefront script"): a wheel
-- or an experiment chosen on Lojas, and the id of the store's script association (Scripts API), so
-- a new choice updates its query_params. No foreign keys: a deleted wheel or experiment leaves a
-- script that shows nothing, and the choice is read through the company's own rows.
ALTER TABLE "Store" ADD COLUMN "storefrontWheelId" TEXT;
ALTER TABLE "Store" ADD COLUMN "storefrontExperimentId" TEXT;
ALTER TABLE "Store" ADD COLUMN "scriptAssociationId" VARCHAR(40);
