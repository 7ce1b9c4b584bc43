-- Routing rules (docs/decisions/029-teams-routing-and-assignment.md): a category, an area or both → a team. Every new
-- report takes the team of the most specific rule it matches (category and area, then category, then area; among
-- equals the oldest), in the transaction that stores it. The areas are GeoJSON Polygons, matched in TypeScript:
-- a utility has tens of rules, read whole at each report, so no spatial index is needed.
CREATE TABLE routing_rules (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- "Oldest first" among equals, strictly: rules made in one transaction share their created_at.
  seq          bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
  team_id      uuid NOT NULL REFERENCES teams (id) ON DELETE RESTRICT,
  -- Categories are deactivated, never deleted; a deactivated category's rule stays, and its reports are few.
  service_code text REFERENCES categories (service_code) ON UPDATE CASCADE ON DELETE RESTRICT,
  area         jsonb CHECK (area IS NULL OR (jsonb_typeof(area) = 'object' AND area ->> 'type' = 'Polygon')),
  created_at   timestamptz NOT NULL DEFAULT now(),
  created_by   uuid REFERENCES staff_accounts (id) ON DELETE SET NULL,
  CHECK (service_code IS NOT NULL OR area IS NOT NULL)
);
CREATE INDEX routing_rules_team_idx ON routing_rules (team_id);
