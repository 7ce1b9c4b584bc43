-- Staff's side of SMS (docs/decisions/041-sms-for-staff.md).

-- A report sent by SMS without a usable place is flagged for staff to place on the map: the console's "Needs a
-- place" view (queue-view-repository.ts) reads these few, oldest first, from this partial index; the view's
-- conditions repeat its predicate word for word so the planner can prove it applies.
CREATE INDEX grievances_needs_place_idx ON grievances (created_at, id)
  WHERE status <> 'resolved' AND channel = 'sms' AND latitude IS NULL;

-- The staff timeline records each place staff set on a report ('location'; details: the pin and the place's words
-- before and after). The kinds the constraint allows are read from the constraint itself and the new one added, as
-- migration 033 does, so that the kinds other migrations added stay.
DO $$
DECLARE
  kinds text[];
BEGIN
  -- Each quoted literal of the definition: one kind ('status'::text, as an IN list is shown) or, since migration
  -- 033, all of them in one array ('{assigned,duplicate,...}'::text[]).
  SELECT array_agg(DISTINCT k ORDER BY k) INTO kinds
  FROM pg_constraint c,
       regexp_matches(pg_get_constraintdef(c.oid), '''([^'']+)''', 'g') AS m,
       regexp_split_to_table(btrim(m[1], '{}'), ',') AS k
  WHERE c.conname = 'grievance_events_kind_check' AND c.conrelid = 'grievance_events'::regclass;
  ALTER TABLE grievance_events DROP CONSTRAINT grievance_events_kind_check;
  EXECUTE format('ALTER TABLE grievance_events ADD CONSTRAINT grievance_events_kind_check CHECK (kind = ANY (%L::text[]))',
                 kinds || ARRAY['location']);
END $$;
