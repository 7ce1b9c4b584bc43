-- The crew in the field (docs/decisions/031-technician-links.md): staff send a technician, who has no account, a
-- one-time link to one report. The link's token is random and only its SHA-256 is kept here, as a reporter's
-- tracking token (migration 010): a copy of the database opens no job.
CREATE TABLE technician_links (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  grievance_id uuid NOT NULL REFERENCES grievances (id) ON DELETE CASCADE,
  -- Where the link was sent, and who the technician's notes and "fixed" are recorded as.
  email        text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  token_hash   bytea NOT NULL UNIQUE CHECK (length(token_hash) = 32),
  created_by   uuid REFERENCES staff_accounts (id) ON DELETE SET NULL,
  created_at   timestamptz NOT NULL,
  -- 72 hours after created_at, both from the portal's clock (the tests move it).
  expires_at   timestamptz NOT NULL CHECK (expires_at > created_at),
  revoked_at   timestamptz,
  revoked_by   uuid REFERENCES staff_accounts (id) ON DELETE SET NULL,
  -- When the technician marked the job fixed through it: a used link opens nothing more.
  used_at      timestamptz
);
-- The report page's list of its links, newest first.
CREATE INDEX technician_links_grievance_idx ON technician_links (grievance_id, created_at DESC);

-- The technician's photos of the finished repair, shown as "After the repair" on the public report page. Stored as
-- grievances.images: object keys, never URLs. The latest repair's photos replace an earlier one's.
ALTER TABLE grievances ADD COLUMN after_images jsonb NOT NULL DEFAULT '[]'::jsonb
  CHECK (jsonb_typeof(after_images) = 'array' AND jsonb_array_length(after_images) <= 5);
-- The media route and the orphan sweep ask per key whether an image is referenced (as migration 008 for images).
CREATE INDEX grievances_after_images_idx ON grievances USING gin (after_images jsonb_path_ops)
  WHERE after_images <> '[]'::jsonb;

-- The staff timeline records each link sent or revoked ('technician-link', by staff; details: the address, the
-- action, the expiry). The kinds the constraint allows are read from the constraint itself and the new one added,
-- so that the kinds added by the migrations before this one stay, whichever they are.
DO $$
DECLARE
  kinds text[];
BEGIN
  SELECT array_agg(DISTINCT m[1] ORDER BY m[1]) INTO kinds
  FROM pg_constraint c, regexp_matches(pg_get_constraintdef(c.oid), '''([a-z-]+)''', 'g') AS m
  WHERE c.conname = 'grievance_events_kind_check' AND c.conrelid = 'grievance_events'::regclass;
  ALTER TABLE grievance_events DROP CONSTRAINT grievance_events_kind_check;
  EXECUTE format('ALTER TABLE grievance_events ADD CONSTRAINT grievance_events_kind_check CHECK (kind = ANY (%L::text[]))',
                 kinds || ARRAY['technician-link']);
END $$;

-- The managers' per-team view counts each team's reports resolved in a window (docs/decisions/031): by team and
-- resolution time, with the due time to judge "within target" from the index alone.
CREATE INDEX grievances_team_resolved_idx ON grievances (team_id, resolved_at) INCLUDE (due_resolve_at)
  WHERE resolved_at IS NOT NULL;
