-- Place queries at a million reports (issue 9, docs/decisions/016-map-and-location.md), from `npm run bench`'s
-- EXPLAIN ANALYZE: rows are stored in date order, not by place, so every row fetched from the table to test its
-- filters is a random read.

-- The public map and the list's bbox: the pins of public reports with what their filters and their order need, so
-- that reading the area is an index-only scan.
CREATE INDEX grievances_public_position_idx ON grievances USING gist (position)
  INCLUDE (id, created_at, category, status, priority) WHERE hidden_at IS NULL;

-- "Has someone already reported this?" near a pin: open public pins only, read nearest first.
CREATE INDEX grievances_open_position_idx ON grievances USING gist (position)
  WHERE status <> 'resolved' AND hidden_at IS NULL;

-- Similar titles: 64-byte signatures instead of 12 tell apart the many short titles that share their words (a short
-- or misspelt title visited thousands of index pages for a few rows).
DROP INDEX grievances_open_title_trgm_idx;
CREATE INDEX grievances_open_title_trgm_idx ON grievances USING gist (title gist_trgm_ops (siglen = 64))
  WHERE status <> 'resolved' AND hidden_at IS NULL;
