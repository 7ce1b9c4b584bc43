-- The statistics' charts (docs/decisions/027-statistics-charts.md) at a million reports: the backlog by age against
-- each priority's target counts the open public reports of each priority older than a cut-off, index-only; and the
-- "Is it fixed?" answers read the reporters' "Yes" events of the last weeks by time, as the status events already
-- are (grievance_events_status_at_idx).
CREATE INDEX grievances_open_age_idx ON grievances (priority, created_at)
  WHERE status <> 'resolved' AND hidden_at IS NULL;
CREATE INDEX grievance_events_confirmed_at_idx ON grievance_events (at) WHERE kind = 'confirmed-fixed';
