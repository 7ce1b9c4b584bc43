-- The statistics at a million reports (docs/decisions/027-statistics-charts.md): each report carries when it was
-- first answered (its first status change) and, while it is resolved, when it was resolved (its latest change to
-- resolved), kept by a trigger on its status events like the tallies (docs/decisions/006-counts-from-tallies.md).
-- The medians, the weeks' resolutions and the share within target then read one index each, index only, instead of
-- joining every status event of the window to its report.
ALTER TABLE grievances ADD COLUMN first_response_at timestamptz;
ALTER TABLE grievances ADD COLUMN resolved_at timestamptz;

UPDATE grievances g SET first_response_at = f.at
FROM (SELECT grievance_id, min(at) AS at FROM grievance_events WHERE kind = 'status' GROUP BY grievance_id) f
WHERE g.id = f.grievance_id;
UPDATE grievances g SET resolved_at = r.at
FROM (SELECT grievance_id, max(at) AS at FROM grievance_events WHERE kind = 'status' AND to_status = 'resolved'
      GROUP BY grievance_id) r
WHERE g.id = r.grievance_id AND g.status = 'resolved';

-- Once per statement, from the rows it inserted: a bulk insert of events (a restore, the benchmark's seed) updates
-- each report once. A report's latest status event of the statement decides whether it is resolved now.
CREATE FUNCTION grievance_status_times() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE grievances g
  SET first_response_at = least(coalesce(g.first_response_at, x.first_at), x.first_at),
      resolved_at = CASE WHEN x.last_to = 'resolved' THEN x.last_at END
  FROM (
    SELECT DISTINCT ON (grievance_id) grievance_id,
      min(at) OVER (PARTITION BY grievance_id) AS first_at, at AS last_at, to_status AS last_to
    FROM inserted WHERE kind = 'status'
    ORDER BY grievance_id, at DESC, id DESC
  ) x
  WHERE g.id = x.grievance_id;
  RETURN NULL;
END
$$;
CREATE TRIGGER grievance_events_status_times AFTER INSERT ON grievance_events
  REFERENCING NEW TABLE AS inserted FOR EACH STATEMENT EXECUTE FUNCTION grievance_status_times();

CREATE INDEX grievances_first_response_idx ON grievances (first_response_at) INCLUDE (created_at)
  WHERE hidden_at IS NULL AND first_response_at IS NOT NULL;
CREATE INDEX grievances_resolved_at_idx ON grievances (resolved_at) INCLUDE (created_at, priority, category)
  WHERE hidden_at IS NULL AND resolved_at IS NOT NULL;
-- Reopenings, and the reporters' "No, it is still a problem" among them: few, read by time.
CREATE INDEX grievance_events_reopened_idx ON grievance_events (at) WHERE kind = 'status' AND from_status = 'resolved';
