-- Water incidents (issue 13, docs/decisions/021-incidents.md): one burst main or failed treatment plant, many
-- reports. Staff declare an incident with its public message, instructions and affected area, post timed updates,
-- link reports to it and close it; residents subscribe to alerts for an area and receive each declaration, update
-- and closure once.

-- The types follow the issue: a supply interruption, a water-quality advisory of one of three strengths, a sewage
-- overflow, flooding, or other. Severity is CAP 1.2's scale, so that a CAP document carries it as it is.
-- The affected area is a drawn shape (a GeoJSON Polygon, or a circle: centre and radius), a list of named
-- localities, or both; matching a pin or a location text against the few active incidents is done in the server
-- (incident-area.ts), so no spatial index is needed here.
CREATE TABLE incidents (
  id                      uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  type                    text NOT NULL CHECK (type IN (
                            'supply-interruption', 'boil-water', 'do-not-drink', 'do-not-use',
                            'sewage-overflow', 'flooding', 'other')),
  severity                text NOT NULL CHECK (severity IN ('minor', 'moderate', 'severe', 'extreme')),
  title                   text NOT NULL CHECK (length(title) BETWEEN 1 AND 200),
  message                 text NOT NULL CHECK (length(message) BETWEEN 1 AND 5000),
  instructions            text NOT NULL CHECK (length(instructions) BETWEEN 1 AND 2000),
  -- {"type":"Polygon","coordinates":[[[lon,lat],…]]} or {"type":"Circle","center":[lon,lat],"radiusMetres":n}
  area                    jsonb,
  localities              text[] NOT NULL DEFAULT '{}',
  starts_at               timestamptz NOT NULL,
  expected_restoration_at timestamptz,
  declared_at             timestamptz NOT NULL DEFAULT now(),
  declared_by             uuid REFERENCES staff_accounts (id),
  -- Bumped by every change the public sees (update, closure): CAP's <sent> and the Atom entry's <updated>.
  updated_at              timestamptz NOT NULL DEFAULT now(),
  closed_at               timestamptz,
  closed_by               uuid REFERENCES staff_accounts (id),
  final_message           text CHECK (length(final_message) BETWEEN 1 AND 5000),
  -- "I am affected" presses (incident_affected), kept as a count like grievances.affected_count.
  affected_count          integer NOT NULL DEFAULT 0 CHECK (affected_count >= 0),
  CHECK (area IS NOT NULL OR cardinality(localities) > 0),
  CHECK ((closed_at IS NULL) = (final_message IS NULL)),
  CHECK (expected_restoration_at IS NULL OR expected_restoration_at >= starts_at)
);
-- The banner, the form's matching and the alerts read the active ones; /incidents the recently closed too.
CREATE INDEX incidents_active_idx ON incidents (declared_at DESC) WHERE closed_at IS NULL;
CREATE INDEX incidents_closed_idx ON incidents (closed_at DESC) WHERE closed_at IS NOT NULL;

-- Timed public updates, in order.
CREATE TABLE incident_updates (
  id          bigserial PRIMARY KEY,
  incident_id uuid NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  message     text NOT NULL CHECK (length(message) BETWEEN 1 AND 5000),
  created_at  timestamptz NOT NULL DEFAULT now(),
  staff_id    uuid REFERENCES staff_accounts (id)
);
CREATE INDEX incident_updates_incident_idx ON incident_updates (incident_id, created_at);

-- A report belongs to one incident at most.
CREATE TABLE incident_reports (
  grievance_id uuid PRIMARY KEY REFERENCES grievances (id) ON DELETE CASCADE,
  incident_id  uuid NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  linked_at    timestamptz NOT NULL DEFAULT now(),
  linked_by    uuid REFERENCES staff_accounts (id)
);
CREATE INDEX incident_reports_incident_idx ON incident_reports (incident_id, linked_at);

-- "I am affected": once per browser, as for reports (grievance_affected), only the SHA-256 of its random id.
CREATE TABLE incident_affected (
  incident_id  uuid NOT NULL REFERENCES incidents (id) ON DELETE CASCADE,
  browser_hash bytea NOT NULL CHECK (octet_length(browser_hash) = 32),
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (incident_id, browser_hash)
);

-- Alerts for an area: a pin and a radius, or a locality. Double opt-in as for followers: pending until the link
-- of the confirmation message is opened (only its SHA-256 is kept); unsubscribing keeps the row.
CREATE TABLE incident_subscriptions (
  id                 bigserial PRIMARY KEY,
  email              text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  locale             text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'es', 'fr', 'hi', 'ar')),
  latitude           double precision CHECK (latitude BETWEEN -90 AND 90),
  longitude          double precision CHECK (longitude BETWEEN -180 AND 180),
  radius_metres      integer CHECK (radius_metres BETWEEN 100 AND 50000),
  locality           text CHECK (length(locality) BETWEEN 1 AND 200),
  created_at         timestamptz NOT NULL DEFAULT now(),
  confirmed_at       timestamptz,
  unsubscribed_at    timestamptz,
  confirm_token_hash bytea CHECK (octet_length(confirm_token_hash) = 32),
  confirm_sent_at    timestamptz,
  CHECK ((latitude IS NULL) = (longitude IS NULL) AND (latitude IS NULL) = (radius_metres IS NULL)),
  CHECK ((latitude IS NOT NULL) <> (locality IS NOT NULL))
);
CREATE UNIQUE INDEX incident_subscriptions_confirm_token_hash_idx ON incident_subscriptions (confirm_token_hash)
  WHERE confirm_token_hash IS NOT NULL;
-- The alerts' fan-out reads the confirmed, still subscribed ones.
CREATE INDEX incident_subscriptions_active_idx ON incident_subscriptions (id)
  WHERE confirmed_at IS NOT NULL AND unsubscribed_at IS NULL;
CREATE INDEX incident_subscriptions_email_idx ON incident_subscriptions (lower(email));

-- The outbox carries incident alerts and subscription confirmations too: a message is about a report, an
-- incident, or a subscription. Exactly once per incident event and address: the unique index below.
ALTER TABLE outbox ALTER COLUMN grievance_id DROP NOT NULL;
ALTER TABLE outbox ADD COLUMN incident_id uuid REFERENCES incidents (id) ON DELETE CASCADE;
ALTER TABLE outbox ADD COLUMN subscription_id bigint REFERENCES incident_subscriptions (id) ON DELETE SET NULL;
ALTER TABLE outbox DROP CONSTRAINT outbox_kind_check;
ALTER TABLE outbox ADD CONSTRAINT outbox_kind_check
  CHECK (kind IN ('receipt', 'confirm', 'update', 'incident-alert', 'incident-confirm'));
ALTER TABLE outbox ADD CONSTRAINT outbox_about_check
  CHECK (grievance_id IS NOT NULL OR incident_id IS NOT NULL OR kind = 'incident-confirm');
CREATE UNIQUE INDEX outbox_incident_event_recipient_idx ON outbox (incident_id, event, lower(recipient))
  WHERE incident_id IS NOT NULL;
CREATE INDEX outbox_subscription_idx ON outbox (subscription_id) WHERE subscription_id IS NOT NULL;
