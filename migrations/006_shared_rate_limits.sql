-- Rate limits that hold across every portal on one database (docs/operating.md, "Several instances"): a counter
-- per limit and client, in fixed windows. One upsert both counts and reads, so concurrent requests on several
-- instances never lose a hit. Expired rows are removed by the hourly maintenance.
CREATE TABLE rate_limit_counters (
  scope     text NOT NULL,
  key       text NOT NULL,
  hits      integer NOT NULL CHECK (hits > 0),
  resets_at timestamptz NOT NULL,
  PRIMARY KEY (scope, key)
);
CREATE INDEX rate_limit_counters_resets_idx ON rate_limit_counters (resets_at);
