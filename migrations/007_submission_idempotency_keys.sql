-- Idempotency-Key on POST /api/grievances (docs/operating.md, "Retried submits"). A key is claimed before the
-- report is stored (grievance_id NULL: in flight) and bound to the report in the same transaction that inserts it,
-- so a retry after a lost answer finds the report instead of creating a second one. request_hash tells a retry of
-- the same report from a different report sent with a reused key.
CREATE TABLE submission_idempotency_keys (
  key          text PRIMARY KEY CHECK (length(key) BETWEEN 1 AND 255),
  request_hash text NOT NULL,
  grievance_id uuid REFERENCES grievances (id) ON DELETE CASCADE,
  claimed_at   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX submission_idempotency_keys_claimed_idx ON submission_idempotency_keys (claimed_at);
