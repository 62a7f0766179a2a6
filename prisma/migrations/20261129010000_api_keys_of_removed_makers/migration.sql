-- API keys leave with the person who made them (docs/decisions/security.md "Visitors, keys and the
-- counter"): from now on lib/users/service.ts deleteUser revokes them in the removal's transaction;
-- this revokes the keys of people removed before, whose tills still answered 200.
DELETE FROM "ApiKey" k
WHERE k."createdById" IS NOT NULL
  AND NOT EXISTS (
    SELECT 1 FROM "Membership" m WHERE m."userId" = k."createdById" AND m."companyId" = k."companyId"
  );
