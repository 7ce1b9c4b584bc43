-- Service targets, due times and escalation (docs/decisions/030-service-targets-and-escalation.md).

-- Minutes to acknowledge (a first status change or public note) and to resolve a report of a category and priority,
-- set by administrators. A category and priority without a row take the defaults below.
CREATE TABLE service_targets (
  category            text NOT NULL REFERENCES categories (key) ON DELETE CASCADE ON UPDATE CASCADE,
  priority            text NOT NULL CHECK (priority IN ('low', 'medium', 'high', 'urgent')),
  acknowledge_minutes integer NOT NULL CHECK (acknowledge_minutes BETWEEN 1 AND 5256000),
  resolve_minutes     integer NOT NULL CHECK (resolve_minutes BETWEEN 1 AND 5256000),
  updated_at          timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (category, priority)
);

-- The defaults per priority: the settings OVERDUE_TARGETS (resolve) and ACKNOWLEDGE_TARGETS (acknowledge), written
-- here by every start-up (src/server/targets/target-defaults.ts) so that the step that gives a new report its due
-- times reads them in the same statement as the administrators' rows. Seeded with the settings' own defaults.
-- Fractions of a minute: the settings take fractions of a day or an hour.
CREATE TABLE service_target_defaults (
  priority            text PRIMARY KEY CHECK (priority IN ('low', 'medium', 'high', 'urgent')),
  acknowledge_minutes float8 NOT NULL CHECK (acknowledge_minutes > 0),
  resolve_minutes     float8 NOT NULL CHECK (resolve_minutes > 0)
);
INSERT INTO service_target_defaults (priority, acknowledge_minutes, resolve_minutes) VALUES
  ('urgent', 60, 1440), ('high', 240, 4320), ('medium', 1440, 10080), ('low', 4320, 20160);

-- Every existing report gets its due times from its priority's defaults, in one statement. It sets neither category,
-- priority, status nor hidden_at, so the tallies' row trigger (migration 004, UPDATE OF those columns) does not
-- fire: one new version of each row and nothing else. The indexes on the new times are built after it, once.
UPDATE grievances g
SET due_acknowledge_at = g.created_at + d.acknowledge_minutes * interval '1 minute',
    due_resolve_at = g.created_at + d.resolve_minutes * interval '1 minute'
FROM service_target_defaults d
WHERE d.priority = g.priority AND g.due_resolve_at IS NULL;

-- A report's next deadline: to acknowledge while nobody has, then to resolve. Open and past it is "overdue"
-- (src/server/targets/overdue-sql.ts); the queue's "time left" order walks it soonest first; the escalation check
-- reads its range up to now. Open reports only: few among all, and the only ones with time left.
CREATE INDEX grievances_time_left_idx ON grievances
  ((least(CASE WHEN first_response_at IS NULL THEN due_acknowledge_at END, due_resolve_at)), id)
  WHERE status <> 'resolved';

-- Each missed target of a report, recorded once: the key makes a second instance's check (or a second round) find
-- it done. Inserted in the transaction that queues its messages, timeline event and audit entry.
CREATE TABLE escalations (
  grievance_id uuid NOT NULL REFERENCES grievances (id) ON DELETE CASCADE,
  target       text NOT NULL CHECK (target IN ('acknowledge', 'resolve')),
  due_at       timestamptz NOT NULL,
  escalated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (grievance_id, target)
);

-- The statistics (docs/decisions/027-statistics-charts.md) judge reports by their due times now: the backlog counts
-- the open public reports of each priority within target, overdue, or past twice their time to resolve, and the
-- share resolved within target compares each resolution with its due time. Both stay index only at a million.
CREATE INDEX grievances_open_due_idx ON grievances (priority)
  INCLUDE (created_at, first_response_at, due_acknowledge_at, due_resolve_at)
  WHERE status <> 'resolved' AND hidden_at IS NULL;
DROP INDEX grievances_open_age_idx;
CREATE INDEX grievances_resolved_due_idx ON grievances (resolved_at) INCLUDE (created_at, priority, category, due_resolve_at)
  WHERE hidden_at IS NULL AND resolved_at IS NOT NULL;
DROP INDEX grievances_resolved_at_idx;
