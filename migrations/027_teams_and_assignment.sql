-- The utility's side of the work (docs/decisions/029-teams-routing-and-assignment.md): teams, who is in them, and
-- what each report carries to be routed, assigned, held to a deadline and collapsed into another. The tables of
-- routing rules, service targets, internal notes, response templates and technicians' links come in the migrations
-- after this one; they all hang on what is created here.

-- In-house crews, contractors and partner bodies (the municipality for sewers). `email` is the team's inbox: it is
-- told of each new report routed to the team and of each missed target.
CREATE TABLE teams (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name          text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
  email         text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  kind          text NOT NULL DEFAULT 'crew' CHECK (kind IN ('crew', 'contractor', 'partner')),
  supervisor_id uuid REFERENCES staff_accounts (id) ON DELETE SET NULL,
  -- Teams are retired, never deleted: reports keep the team that handled them.
  active        boolean NOT NULL DEFAULT true,
  created_at    timestamptz NOT NULL DEFAULT now(),
  updated_at    timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX teams_name_idx ON teams (lower(name));

CREATE TABLE team_members (
  team_id  uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
  staff_id uuid NOT NULL REFERENCES staff_accounts (id) ON DELETE CASCADE,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (team_id, staff_id)
);
CREATE INDEX team_members_staff_idx ON team_members (staff_id);

-- A constant default adds the columns without rewriting the table, at a million reports too.
ALTER TABLE grievances ADD COLUMN team_id uuid REFERENCES teams (id) ON DELETE RESTRICT;
ALTER TABLE grievances ADD COLUMN assignee_id uuid REFERENCES staff_accounts (id) ON DELETE SET NULL;
-- How the report reached the utility: the public form, an Open311 client, an SMS, or staff taking it for a caller.
ALTER TABLE grievances ADD COLUMN channel text NOT NULL DEFAULT 'web'
  CHECK (channel IN ('web', 'open311', 'sms', 'phone', 'counter', 'letter', 'email'));
UPDATE grievances SET channel = 'open311' WHERE api_key_id IS NOT NULL;
-- Due times, set when the report is created from its category's and priority's service targets.
ALTER TABLE grievances ADD COLUMN due_acknowledge_at timestamptz;
ALTER TABLE grievances ADD COLUMN due_resolve_at timestamptz;
-- The report this one repeats, once staff mark it so.
ALTER TABLE grievances ADD COLUMN duplicate_of_id uuid REFERENCES grievances (id) ON DELETE RESTRICT;

-- The queue's "my teams", "mine" and "needs a team" views: open reports of a team or an assignee, and the open
-- reports without a team, each few among many.
CREATE INDEX grievances_team_open_idx ON grievances (team_id, created_at, id) WHERE status <> 'resolved';
CREATE INDEX grievances_assignee_open_idx ON grievances (assignee_id, created_at, id)
  WHERE status <> 'resolved' AND assignee_id IS NOT NULL;
CREATE INDEX grievances_needs_team_idx ON grievances (created_at, id) WHERE status <> 'resolved' AND team_id IS NULL;
CREATE INDEX grievances_duplicate_of_idx ON grievances (duplicate_of_id) WHERE duplicate_of_id IS NOT NULL;

-- The staff timeline gains the new kinds of event. `details` holds what a kind needs beyond a note (the team and
-- person assigned, the original's reference, the target missed). A technician (no account, a one-time link) and
-- the portal itself (routing, escalation) act too.
ALTER TABLE grievance_events ADD COLUMN details jsonb NOT NULL DEFAULT '{}'::jsonb;
ALTER TABLE grievance_events DROP CONSTRAINT grievance_events_kind_check;
ALTER TABLE grievance_events ADD CONSTRAINT grievance_events_kind_check
  CHECK (kind IN ('status', 'hidden', 'shown', 'confirmed-fixed', 'assigned', 'duplicate', 'priority', 'escalated'));
ALTER TABLE grievance_events DROP CONSTRAINT grievance_events_actor_check;
ALTER TABLE grievance_events ADD CONSTRAINT grievance_events_actor_check
  CHECK (actor IN ('staff', 'reporter', 'technician', 'system'));
ALTER TABLE grievance_events DROP CONSTRAINT grievance_events_actor_chk;
ALTER TABLE grievance_events ADD CONSTRAINT grievance_events_actor_chk
  CHECK ((actor = 'staff') = (staff_id IS NOT NULL)
    AND (actor = 'staff' OR (actor = 'reporter' AND kind IN ('status', 'confirmed-fixed'))
      OR (actor = 'technician' AND kind = 'status') OR (actor = 'system' AND kind IN ('assigned', 'escalated'))));
