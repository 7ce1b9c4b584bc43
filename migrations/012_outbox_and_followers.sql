-- E-mail about reports (issue 8, docs/decisions/014-transactional-outbox-email.md): who follows a report, and the
-- messages waiting to be sent, written in the same transaction as the change they tell about.

-- One row per report and address (case-insensitive). The reporter who gave an e-mail follows from the start
-- (confirmed at once); anyone else is pending until they open the link of the confirmation message (double
-- opt-in). Only the SHA-256 of the confirmation token is kept. Unsubscribing keeps the row, so that the address
-- is not mailed again unless it asks again.
CREATE TABLE followers (
  id                 bigserial PRIMARY KEY,
  grievance_id       uuid NOT NULL REFERENCES grievances (id) ON DELETE CASCADE,
  email              text NOT NULL CHECK (length(email) BETWEEN 3 AND 254),
  is_reporter        boolean NOT NULL DEFAULT false,
  created_at         timestamptz NOT NULL DEFAULT now(),
  confirmed_at       timestamptz,
  unsubscribed_at    timestamptz,
  confirm_token_hash bytea CHECK (octet_length(confirm_token_hash) = 32),
  -- When the last confirmation message was queued: asking again at once sends no second one.
  confirm_sent_at    timestamptz
);
CREATE UNIQUE INDEX followers_grievance_email_idx ON followers (grievance_id, lower(email));
CREATE UNIQUE INDEX followers_confirm_token_hash_idx ON followers (confirm_token_hash) WHERE confirm_token_hash IS NOT NULL;

-- The transactional outbox. A row exists if and only if the change it reports committed; the worker
-- (src/server/notifications/outbox-worker.ts) sends it and marks it. `id` is the message's id (its Message-ID
-- header too, so a message sent twice at the at-least-once edge is recognisably the same message).
-- Each message has an unsubscribe token of its own, kept as its SHA-256 (a token kept only as a hash cannot be
-- written into a later message, so each message gets a new one); it stays valid as long as the row exists.
-- The bodies and headers hold secrets (links with tokens) and are emptied once the message is sent or given up.
CREATE TABLE outbox (
  id                     uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  grievance_id           uuid NOT NULL REFERENCES grievances (id) ON DELETE CASCADE,
  follower_id            bigint REFERENCES followers (id) ON DELETE SET NULL,
  -- What the message is about, unique per report and recipient: one message per event and address.
  event                  text NOT NULL,
  recipient              text NOT NULL CHECK (length(recipient) BETWEEN 3 AND 254),
  kind                   text NOT NULL CHECK (kind IN ('receipt', 'confirm', 'update')),
  subject                text NOT NULL,
  text_body              text,
  html_body              text,
  headers                jsonb NOT NULL DEFAULT '{}'::jsonb,
  unsubscribe_token_hash bytea NOT NULL CHECK (octet_length(unsubscribe_token_hash) = 32),
  created_at             timestamptz NOT NULL DEFAULT now(),
  attempts               integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at        timestamptz NOT NULL DEFAULT now(),
  sent_at                timestamptz,
  last_error             text,
  failed_at              timestamptz
);
CREATE UNIQUE INDEX outbox_event_recipient_idx ON outbox (grievance_id, event, lower(recipient));
CREATE UNIQUE INDEX outbox_unsubscribe_token_hash_idx ON outbox (unsubscribe_token_hash);
-- The worker's query: what is due, oldest first, among the few not yet sent or given up.
CREATE INDEX outbox_due_idx ON outbox (next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
-- The staff view of one report's notifications (the unique index above also starts with grievance_id, but is
-- not ordered by time).
CREATE INDEX outbox_grievance_created_idx ON outbox (grievance_id, created_at);
