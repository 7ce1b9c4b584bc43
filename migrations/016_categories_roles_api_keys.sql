-- Issue 10 (docs/decisions/017-categories-roles-and-open311.md): categories as data, staff roles, API keys for
-- Open311 clients, one-time set-password links, and an audit log of every administrative action.

-- ---- Categories ----
-- `key` is what grievances.category holds and never changes, so renaming a category rewrites no report: for the
-- specification's seven it is their original name, for a category added later it is its service code. What people
-- and Open311 clients see is `name` and `service_code`.
CREATE TABLE categories (
  key          text PRIMARY KEY CHECK (length(key) BETWEEN 1 AND 100),
  service_code text NOT NULL UNIQUE CHECK (service_code ~ '^[a-z0-9][a-z0-9_-]{0,63}$'),
  name         text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
  description  text NOT NULL DEFAULT '' CHECK (length(description) <= 500),
  group_name   text CHECK (group_name IS NULL OR length(btrim(group_name)) BETWEEN 1 AND 100),
  active       boolean NOT NULL DEFAULT true,
  position     integer NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX categories_name_idx ON categories (lower(name));

INSERT INTO categories (key, service_code, name, description, position) VALUES
  ('Water Quality Issues', 'water-quality', 'Water Quality Issues',
   'Water that looks, smells or tastes wrong, or makes people ill.', 1),
  ('Water Supply Problems', 'water-supply', 'Water Supply Problems',
   'No water, low pressure or supply at the wrong times.', 2),
  ('Sanitation Issues', 'sanitation', 'Sanitation Issues',
   'Toilets, latrines, sewage and waste water.', 3),
  ('Infrastructure Problems', 'infrastructure', 'Infrastructure Problems',
   'Broken pipes, pumps, taps, tanks, meters or covers.', 4),
  ('Leakage Issues', 'leakage', 'Leakage Issues',
   'Water escaping from a pipe, main, valve or hydrant.', 5),
  ('Drainage Problems', 'drainage', 'Drainage Problems',
   'Blocked drains, standing water and flooding.', 6),
  ('Other', 'other', 'Other', 'Any other water or sanitation problem.', 7);

-- The list of allowed categories moves from a CHECK to the table. Reports keep their category for ever: a
-- category is deactivated, never deleted.
ALTER TABLE grievances DROP CONSTRAINT grievances_category_check;
ALTER TABLE grievances ADD CONSTRAINT grievances_category_fkey
  FOREIGN KEY (category) REFERENCES categories (key) ON UPDATE RESTRICT ON DELETE RESTRICT;

-- ---- Roles ----
-- Accounts made before roles existed were made by an operator at the command line: they become administrators,
-- so nobody is locked out of the new administration screens. Accounts made in the console are 'staff' unless
-- an administrator says otherwise.
ALTER TABLE staff_accounts ADD COLUMN role text NOT NULL DEFAULT 'staff' CHECK (role IN ('staff', 'admin'));
UPDATE staff_accounts SET role = 'admin';
-- An account created in the console has no password until its holder sets one through the one-time link.
ALTER TABLE staff_accounts ALTER COLUMN password_hash DROP NOT NULL;

-- One-time set-password links. Only a SHA-256 of the link's random token is stored.
CREATE TABLE staff_password_tokens (
  token_hash text PRIMARY KEY,
  staff_id   uuid NOT NULL REFERENCES staff_accounts (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX staff_password_tokens_staff_idx ON staff_password_tokens (staff_id);

-- ---- API keys (Open311 POST requests) ----
-- Only a SHA-256 of the key is stored; the key itself is shown once, when an administrator creates it.
CREATE TABLE api_keys (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name         text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
  key_hash     text NOT NULL UNIQUE,
  -- The key's first characters, so that people can tell keys apart without the key.
  key_prefix   text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  created_by   uuid REFERENCES staff_accounts (id) ON DELETE SET NULL,
  revoked_at   timestamptz,
  last_used_at timestamptz
);

-- Which client sent a report through Open311 (null: the portal's own form).
ALTER TABLE grievances ADD COLUMN api_key_id uuid REFERENCES api_keys (id) ON DELETE SET NULL;

-- ---- Audit log ----
-- Who did what and when, for every administrative action (categories, accounts, API keys). The actor's e-mail
-- is copied so that the record survives the account; a null actor_id with actor 'command line' is the CLI.
CREATE TABLE audit_log (
  id          bigserial PRIMARY KEY,
  at          timestamptz NOT NULL DEFAULT now(),
  actor_id    uuid REFERENCES staff_accounts (id) ON DELETE SET NULL,
  actor       text NOT NULL,
  action      text NOT NULL CHECK (action ~ '^[a-z_]+\.[a-z_]+$'),
  target      text NOT NULL,
  details     jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX audit_log_at_idx ON audit_log (at DESC, id DESC);
