-- Places and "I have this problem too" (issue 9, docs/decisions/016-map-and-location.md).

-- An optional pin, 6 decimals (about 11 cm); both or neither.
ALTER TABLE grievances
  ADD COLUMN latitude  numeric(8, 6) CHECK (latitude BETWEEN -90 AND 90),
  ADD COLUMN longitude numeric(9, 6) CHECK (longitude BETWEEN -180 AND 180),
  ADD CONSTRAINT grievances_pin_pair_check CHECK ((latitude IS NULL) = (longitude IS NULL)),
  -- The pin as a geometric point (x = longitude, y = latitude), for the GiST index below: core PostgreSQL, so it
  -- works on PGlite too (no PostGIS there). Searches test `position <@ box(...)` through it; radii are checked
  -- exactly (haversine) on the few rows of the box around the circle.
  ADD COLUMN position point GENERATED ALWAYS AS (point(longitude::float8, latitude::float8)) STORED,
  -- People who said "I have this problem too" (the reporter is not counted here: the API adds one).
  ADD COLUMN affected_count integer NOT NULL DEFAULT 0 CHECK (affected_count >= 0);

CREATE INDEX grievances_position_idx ON grievances USING gist (position) WHERE position IS NOT NULL;

-- "Has someone already reported this?" by title: open public reports only, nearest titles first (KNN, `<->`).
CREATE INDEX grievances_open_title_trgm_idx ON grievances USING gist (title gist_trgm_ops)
  WHERE status <> 'resolved' AND hidden_at IS NULL;

-- The staff queue sorted or filtered by people affected.
CREATE INDEX grievances_affected_idx ON grievances (affected_count DESC, created_at DESC, id DESC);

-- One row per report and browser that said "I have this problem too": only the SHA-256 of the browser's random id.
CREATE TABLE grievance_affected (
  grievance_id uuid NOT NULL REFERENCES grievances (id) ON DELETE CASCADE,
  browser_hash bytea NOT NULL CHECK (octet_length(browser_hash) = 32),
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (grievance_id, browser_hash)
);
