-- Sign-in throttling as counters that are checked and counted in one locked step (issue 21, F1 and F4;
-- src/server/staff/sign-in-throttle.ts). One row per key, in three scopes: 'pair' (lower(e-mail) and client address),
-- 'account' (lower(e-mail), from any address, a higher ceiling) and 'address' (the client address, across accounts).
-- An attempt reserves a count under all three before its password is checked, so parallel attempts cannot outrun
-- the limit; a success gives the reservation back. `failures` counts from the first failure of a window, which ends
-- at `window_ends`. Replaces staff_sign_in_failures (one row per failure, read and then written: not atomic), which
-- is left in place for the previous release's instances during a rolling upgrade (docs/operating.md, "Upgrades")
-- and no longer written; a later migration drops it.
CREATE TABLE staff_sign_in_counters (
  scope       text NOT NULL CHECK (scope IN ('pair', 'account', 'address')),
  key         text NOT NULL,
  failures    integer NOT NULL DEFAULT 0 CHECK (failures >= 0),
  window_ends timestamptz NOT NULL DEFAULT '-infinity',
  PRIMARY KEY (scope, key)
);
CREATE INDEX staff_sign_in_counters_window_idx ON staff_sign_in_counters (window_ends);
