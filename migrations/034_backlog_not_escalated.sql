-- Targets missed before escalation existed (docs/decisions/030-service-targets-and-escalation.md). An upgraded
-- portal's open reports got due times from their age in migration 031, and many are long past them. They show as
-- overdue in the queue; but a message for each, to a supervisor or to every administrator, all at the first check,
-- would bury the day's misses under years of backlog. They are recorded as escalated, without a message. Targets
-- missed from now on escalate as usual.
INSERT INTO escalations (grievance_id, target, due_at, escalated_at)
SELECT g.id, x.target, x.due_at, now()
FROM grievances g
CROSS JOIN LATERAL (VALUES ('acknowledge', CASE WHEN g.first_response_at IS NULL THEN g.due_acknowledge_at END),
                           ('resolve', g.due_resolve_at)) x (target, due_at)
WHERE g.status <> 'resolved' AND x.due_at <= now()
ON CONFLICT (grievance_id, target) DO NOTHING;
