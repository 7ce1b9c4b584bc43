-- What the reporter may do from their private tracking page (issue 8, docs/decisions/015-reporter-actions.md):
-- add updates (text and photos, hideable by staff) and answer "Is it fixed?" once a report is resolved.

-- Updates from the reporter: a table of their own, not events. They carry photos, are moderated one by one and
-- are shown publicly as timeline entries; an event row holds a status change, never content.
CREATE TABLE reporter_updates (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  grievance_id  uuid NOT NULL REFERENCES grievances (id) ON DELETE CASCADE,
  body          text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
  -- As grievances.images: [{"key", "thumbnailKey", "mediumKey", "width", "height"}], object keys, never URLs.
  images        jsonb NOT NULL DEFAULT '[]'::jsonb
                CHECK (jsonb_typeof(images) = 'array' AND jsonb_array_length(images) <= 5),
  created_at    timestamptz NOT NULL DEFAULT now(),
  -- Staff moderation, recorded on the row: when, why, and who (accounts are disabled, never deleted).
  hidden_at     timestamptz,
  hidden_reason text CHECK (length(hidden_reason) <= 500),
  hidden_by     uuid REFERENCES staff_accounts (id) ON DELETE RESTRICT,
  CONSTRAINT reporter_updates_hidden_chk
    CHECK ((hidden_at IS NULL) = (hidden_reason IS NULL) AND (hidden_at IS NULL) = (hidden_by IS NULL))
);
-- A report's updates in order (timeline), and the per-report limit counting those of the last day.
CREATE INDEX reporter_updates_grievance_idx ON reporter_updates (grievance_id, created_at, id);
-- Whether an update holds an image key: the media route (withheld when the update or its report is hidden) and
-- the orphan sweep (referenced, so kept) ask per key, as they do of grievances.images (migrations 005 and 008).
CREATE INDEX reporter_updates_images_idx ON reporter_updates USING gin (images jsonb_path_ops);

-- The reporter's answers are events of the report, like staff actions: "No, it is still a problem" is a status
-- change (resolved -> in-progress with the reporter's note as the public note), seen by the timeline and the
-- statistics as any other; "Yes" is an event of its own kind. Such events have no staff account: `actor` says who.
ALTER TABLE grievance_events ALTER COLUMN staff_id DROP NOT NULL;
ALTER TABLE grievance_events ADD COLUMN actor text NOT NULL DEFAULT 'staff' CHECK (actor IN ('staff', 'reporter'));
-- Migration 003's unnamed column check, under the name PostgreSQL gave it.
ALTER TABLE grievance_events DROP CONSTRAINT grievance_events_kind_check;
ALTER TABLE grievance_events ADD CONSTRAINT grievance_events_kind_check
  CHECK (kind IN ('status', 'hidden', 'shown', 'confirmed-fixed'));
ALTER TABLE grievance_events ADD CONSTRAINT grievance_events_actor_chk
  CHECK ((actor = 'staff') = (staff_id IS NOT NULL) AND (actor = 'staff' OR kind IN ('status', 'confirmed-fixed')));

-- Set when the reporter answers "No, it is still a problem"; cleared by the next staff status change. The staff
-- queue shows it as a flag and filters by it; few reports carry it at a time, hence the partial index.
ALTER TABLE grievances ADD COLUMN reopened_by_reporter_at timestamptz;
CREATE INDEX grievances_reopened_by_reporter_idx ON grievances (created_at, id) WHERE reopened_by_reporter_at IS NOT NULL;
