-- Moderation and progress (issue 3): a report can be hidden from the public, and every staff action on a
-- report is kept as one event. Public queries must add `hidden_at IS NULL`.

ALTER TABLE grievances ADD COLUMN hidden_at timestamptz;
ALTER TABLE grievances ADD COLUMN hidden_reason text CHECK (length(hidden_reason) <= 500);
ALTER TABLE grievances ADD CONSTRAINT grievances_hidden_reason_chk
  CHECK ((hidden_at IS NULL) = (hidden_reason IS NULL));

-- kind 'status': from_status -> to_status with the public note (shown on the public timeline, without staff).
-- kind 'hidden' / 'shown': moderation, with the reason in note (staff only).
CREATE TABLE grievance_events (
  id           bigserial PRIMARY KEY,
  grievance_id uuid NOT NULL REFERENCES grievances (id) ON DELETE CASCADE,
  kind         text NOT NULL CHECK (kind IN ('status', 'hidden', 'shown')),
  at           timestamptz NOT NULL DEFAULT now(),
  from_status  text CHECK (from_status IN ('pending', 'in-progress', 'resolved')),
  to_status    text CHECK (to_status IN ('pending', 'in-progress', 'resolved')),
  note         text CHECK (length(note) <= 1000),
  -- RESTRICT: accounts are disabled, never deleted, so the record of who did what stays whole.
  staff_id     uuid NOT NULL REFERENCES staff_accounts (id) ON DELETE RESTRICT,
  CHECK ((kind = 'status') = (from_status IS NOT NULL AND to_status IS NOT NULL))
);
CREATE INDEX grievance_events_grievance_idx ON grievance_events (grievance_id, at, id);
-- Statistics scan status events by time.
CREATE INDEX grievance_events_status_at_idx ON grievance_events (at) WHERE kind = 'status';

-- Staff queue: open reports first, oldest first.
CREATE INDEX grievances_queue_idx ON grievances ((status = 'resolved'), created_at, id);
