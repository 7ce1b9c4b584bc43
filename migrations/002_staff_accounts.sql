-- Staff accounts, their sign-in sessions and the failed sign-in record used for throttling (issue 3).

CREATE TABLE staff_accounts (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Stored as typed; uniqueness and look-ups are case-insensitive (index below).
  email         text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  -- "scrypt$N$r$p$salt$hash": the parameters travel with the hash so they can be raised later.
  password_hash text NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  -- Set when an operator disables the account: sign-in is refused and its sessions stop working.
  disabled_at   timestamptz
);
CREATE UNIQUE INDEX staff_accounts_email_idx ON staff_accounts (lower(email));

-- Only a SHA-256 of the cookie's random session id is stored: a leaked table cannot be replayed as cookies.
CREATE TABLE staff_sessions (
  token_hash   text PRIMARY KEY,
  staff_id     uuid NOT NULL REFERENCES staff_accounts (id) ON DELETE CASCADE,
  created_at   timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_sessions_staff_idx ON staff_sessions (staff_id);

-- One row per failed sign-in, once under the account ('account', lower(email)) and once under the address
-- ('ip', client address). Kept in the database so the limit holds across processes.
CREATE TABLE staff_sign_in_failures (
  id     bigserial PRIMARY KEY,
  scope  text NOT NULL CHECK (scope IN ('account', 'ip')),
  key    text NOT NULL,
  at     timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX staff_sign_in_failures_key_idx ON staff_sign_in_failures (scope, key, at);
