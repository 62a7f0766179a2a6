-- Trust round two: plan limits are exact under concurrency (docs/decisions.md "Trust round two:
-- plan limits"). A spin on a plan with a monthly limit takes its place inside its own write
-- statement (lib/billing/plan-limits.ts, lib/spins/record.ts): this function is that statement's
-- first step, and every write of the statement waits for it.
--
-- It waits for the company's other limited spins to commit (a transaction-level advisory lock
-- keyed by the company, released when the spin's statement commits), then counts the month's
-- spins. A VOLATILE function's every query takes a new snapshot, so the count sees each spin
-- committed by the lock's previous holders, which the calling statement's own snapshot (taken
-- before the wait) would not. At the limit it raises SQLSTATE 'PL402': the statement aborts and
-- keeps nothing (no stock taken, no wheel counter bumped). The count reads at most `max_spins`
-- entries of the (companyId, createdAt, ...) index, so a limited plan pays a bounded count.
CREATE FUNCTION "take_spin_quota"(lock_key TEXT, company TEXT, max_spins INTEGER, since TIMESTAMP(3))
RETURNS BOOLEAN LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext(lock_key));
  IF (SELECT count(*) FROM (
        SELECT 1 FROM "Spin" WHERE "companyId" = company AND "createdAt" >= since LIMIT max_spins
      ) month_spins) >= max_spins THEN
    RAISE EXCEPTION 'plan limit: the month''s spins are used' USING ERRCODE = 'PL402';
  END IF;
  RETURN true;
END $$;
