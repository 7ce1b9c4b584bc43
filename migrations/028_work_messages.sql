-- The messages of the utility's own work (docs/decisions/029-teams-routing-and-assignment.md), sent through the
-- outbox like every other: a team's inbox told of a new report routed to it, a person told of a report assigned to
-- them, a supervisor and inbox told of a missed target, and a technician sent a one-time link to a job.
ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check
  CHECK (kind IN ('receipt', 'confirm', 'update', 'incident-alert', 'incident-confirm',
                  'team-new-report', 'assignment', 'escalation', 'technician-link'));
