-- The map's newest markers in a busy area (docs/decisions/016-map-and-location.md): the public reports with a pin,
-- newest first, carrying what the area test and the filters read, so that walking them is an index-only scan and only
-- the markers shown are fetched from the table (at a million reports, a walk that fetched every row it passed spent
-- some 20 µs per row on reads from disk).
CREATE INDEX grievances_recent_pins_idx ON grievances (created_at DESC, id DESC)
  INCLUDE (latitude, longitude, category, status, priority)
  WHERE hidden_at IS NULL AND position IS NOT NULL;
