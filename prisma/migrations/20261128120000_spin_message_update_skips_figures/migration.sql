-- The prize message's own writes skip the figures (docs/decisions/jobs.md "A queue that keeps up"):
-- an UPDATE of "Spin" that changes only messageId and messageStatus (the worker's prize job,
-- lib/whatsapp/send.ts, and Meta's status callbacks, lib/whatsapp/webhook.ts) moves no rollup, no
-- contact, no figure or list the spinsVersion guards, yet ran the whole figures body of migration
-- 20261124060000, whose last step updates the company row every spin's insert also updates: each
-- message's write queued behind the spins and the spins behind it. The function is kept as that
-- migration made it, with this test first; any other column changed runs it as before.
DO $migration$
DECLARE
  src text := pg_get_functiondef('"spin_figures_update"'::regproc);
  gate CONSTANT text := $gate$BEGIN
  IF NOT EXISTS (
    SELECT 1 FROM old_rows o FULL JOIN new_rows n ON n.id = o.id
    WHERE o.id IS NULL OR n.id IS NULL
       OR (to_jsonb(o) - 'messageId' - 'messageStatus') IS DISTINCT FROM (to_jsonb(n) - 'messageId' - 'messageStatus')
  ) THEN
    RETURN NULL;
  END IF;
$gate$;
BEGIN
  IF position('BEGIN' IN src) = 0 THEN
    RAISE EXCEPTION 'spin_figures_update has no BEGIN';
  END IF;
  -- The first BEGIN is the body's (the header has none); regexp_replace without 'g' replaces only it.
  EXECUTE regexp_replace(src, 'BEGIN', gate);
END
$migration$;
