-- Water points (docs/decisions/036-water-points.md): the kiosks, standpipes, hand pumps, boreholes and hydrants a
-- utility or NGO looks after, imported with the Water Point Data Exchange's (WPDx) field names, and the reports made
-- against them.
CREATE TABLE water_points (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- The code painted on the point (WP-0412), which residents type and the point's page is named by: WPDx's
  -- `wpdx_id` on import. Importing again updates the point with the same code. Unique whatever its case.
  code         text NOT NULL CHECK (code ~ '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$'),
  name         text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  latitude     double precision NOT NULL CHECK (latitude BETWEEN -90 AND 90),
  longitude    double precision NOT NULL CHECK (longitude BETWEEN -180 AND 180),
  -- As grievances.position (migration 013): core PostgreSQL's point, so the map's box query has a GiST index on
  -- PGlite too.
  position     point GENERATED ALWAYS AS (point(longitude, latitude)) STORED,
  -- WPDx's water_source_clean (Borehole, Protected Spring, Piped Water…) and water_tech_clean (Hand Pump, Tap…).
  water_source text CHECK (length(water_source) <= 100),
  water_tech   text CHECK (length(water_tech) <= 100),
  -- WPDx's status_id as imported or last set by hand ("Was water available on the day of the visit?"): the point's
  -- status when no open report says otherwise.
  status_id    text NOT NULL DEFAULT 'unknown' CHECK (status_id IN ('yes', 'no', 'unknown')),
  -- WPDx's clean_adm1 … clean_adm4: the administrative areas, largest first.
  adm1         text CHECK (length(adm1) <= 100),
  adm2         text CHECK (length(adm2) <= 100),
  adm3         text CHECK (length(adm3) <= 100),
  adm4         text CHECK (length(adm4) <= 100),
  install_year integer CHECK (install_year BETWEEN 1800 AND 2200),
  management   text CHECK (length(management) <= 100),
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  -- Retired points keep their reports and page, but leave the map and the form.
  retired_at   timestamptz
);
CREATE UNIQUE INDEX water_points_code_idx ON water_points (upper(code));
-- The map's box query and the form's "points near the pin" (nearest first, `<->`).
CREATE INDEX water_points_position_idx ON water_points USING gist (position) WHERE retired_at IS NULL;

-- The point a report is about.
ALTER TABLE grievances ADD COLUMN water_point_id uuid REFERENCES water_points (id);
-- A point's page (its reports, open first), its status and downtime.
CREATE INDEX grievances_water_point_idx ON grievances (water_point_id, created_at DESC)
  WHERE water_point_id IS NOT NULL;

-- Per category: whether the form offers the water points near the pin, and whether an open report of it means the
-- point is not working (by default Water Supply Problems).
ALTER TABLE categories ADD COLUMN water_points boolean NOT NULL DEFAULT false;
ALTER TABLE categories ADD COLUMN means_not_working boolean NOT NULL DEFAULT false;
UPDATE categories SET water_points = true
 WHERE key IN ('Water Quality Issues', 'Water Supply Problems', 'Infrastructure Problems', 'Leakage Issues');
UPDATE categories SET means_not_working = true WHERE key = 'Water Supply Problems';
