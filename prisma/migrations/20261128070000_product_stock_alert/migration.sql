-- A prize running out is told to the owner once per threshold (docs/decisions/admin-ui.md "A pool
-- that runs out is told"): the last level the owner was e-mailed about, 'low' or 'empty'; null while
-- the stock is above the low mark. The worker's sweep moves it and queues the e-mail in one statement.
ALTER TABLE "Product" ADD COLUMN "stockAlert" VARCHAR(8);
