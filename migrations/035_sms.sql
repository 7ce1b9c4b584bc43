-- SMS, two ways, through a gateway (docs/decisions/035-sms-through-a-gateway.md): residents report, follow, answer
-- "Is it fixed?" and receive incident alerts from any phone. Every number is kept in E.164 form (+254712345678),
-- read with SMS_DEFAULT_COUNTRY (src/server/sms/phone-number.ts).

-- One row per number that ever wrote or was written to: its language (the last message it wrote in one of the five)
-- and its consent. STOP sets stopped_at and nothing more is sent to it (but the one confirmation) until START clears
-- it (DESIGN.md D18).
CREATE TABLE sms_numbers (
  phone            text PRIMARY KEY CHECK (phone ~ '^\+[1-9][0-9]{6,14}$'),
  locale           text NOT NULL DEFAULT 'en' CHECK (locale IN ('en', 'es', 'fr', 'hi', 'ar')),
  stopped_at       timestamptz,
  -- The day (the portal's clock, UTC) this number was last told it reached SMS_REPORTS_PER_NUMBER_PER_DAY: one
  -- polite reply a day, then silence.
  limit_replied_on date,
  created_at       timestamptz NOT NULL DEFAULT now()
);

-- Every SMS in and out: a report's conversation in the console, and the outbound outbox (as `outbox` is for e-mail,
-- docs/decisions/014-transactional-outbox-email.md): an outbound row exists if and only if the change it tells about
-- committed, and the worker (src/server/sms/sms-outbox-worker.ts) hands it to the gateway and marks it.
CREATE TABLE sms_messages (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  direction        text NOT NULL CHECK (direction IN ('in', 'out')),
  phone            text NOT NULL CHECK (phone ~ '^\+[1-9][0-9]{6,14}$'),
  -- The report it is about, when there is one (a reply to STATUS, an update, a staff message, the report it made).
  grievance_id     uuid REFERENCES grievances (id) ON DELETE SET NULL,
  body             text NOT NULL CHECK (length(body) <= 1600),
  created_at       timestamptz NOT NULL DEFAULT now(),
  -- In: the gateway's id of the message (Kannel's %I). Kannel delivers again when our answer was lost; the same id
  -- twice has effect once (the unique index below).
  gateway_id       text CHECK (length(gateway_id) BETWEEN 1 AND 200),
  -- In: what the portal made of it.
  handled_as       text CHECK (handled_as IN ('report', 'status', 'yes', 'no', 'stop', 'start', 'help', 'alerts',
                                              'limited', 'refused')),
  -- Out: what it is, and the event it tells (unique per number: "receipt:<report>", "status:<event>",
  -- "reply:<inbound id>"), so a repeat queues nothing.
  kind             text CHECK (kind IN ('reply', 'update', 'fixed-question', 'staff', 'incident-alert')),
  event            text CHECK (length(event) BETWEEN 1 AND 200),
  staff_account_id uuid REFERENCES staff_accounts (id) ON DELETE SET NULL,
  attempts         integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  next_attempt_at  timestamptz,
  sent_at          timestamptz,
  failed_at        timestamptz,
  last_error       text CHECK (length(last_error) <= 500),
  -- Out: the operator's delivery report (Kannel's dlr-url): delivered, or failed at the phone's network.
  delivery         text CHECK (delivery IN ('delivered', 'failed', 'buffered')),
  delivery_at      timestamptz,
  CHECK ((direction = 'in') = (kind IS NULL)),
  CHECK (direction = 'in' OR (event IS NOT NULL AND next_attempt_at IS NOT NULL)),
  CHECK (direction = 'out' OR (sent_at IS NULL AND failed_at IS NULL AND delivery IS NULL))
);
CREATE UNIQUE INDEX sms_messages_inbound_gateway_idx ON sms_messages (gateway_id) WHERE direction = 'in';
CREATE UNIQUE INDEX sms_messages_outbound_event_idx ON sms_messages (phone, event) WHERE direction = 'out';
-- The worker's query: what is due, among the few not yet sent or given up.
CREATE INDEX sms_messages_due_idx ON sms_messages (next_attempt_at)
  WHERE direction = 'out' AND sent_at IS NULL AND failed_at IS NULL;
-- The daily ceiling (SMS_DAILY_LIMIT) counts what was sent today.
CREATE INDEX sms_messages_sent_idx ON sms_messages (sent_at) WHERE direction = 'out' AND sent_at IS NOT NULL;
-- A report's conversation in the console, oldest first.
CREATE INDEX sms_messages_grievance_idx ON sms_messages (grievance_id, created_at) WHERE grievance_id IS NOT NULL;
-- A number's messages: STATUS alone (its latest report), and everything held about a number (access on request).
CREATE INDEX sms_messages_phone_idx ON sms_messages (phone, created_at);

-- The reporter's consent to updates by SMS: a report sent by SMS, or "Send me updates by SMS" ticked on the form.
ALTER TABLE grievances ADD COLUMN sms_updates boolean NOT NULL DEFAULT false;
-- SMS_REPORTS_PER_NUMBER_PER_DAY counts a number's reports by SMS of the day, and STATUS alone reads its latest.
CREATE INDEX grievances_sms_phone_idx ON grievances (user_phone, created_at DESC) WHERE channel = 'sms';

-- ALERTS <locality>: incident alerts by SMS for a locality, ended by STOP (or STOP ALERTS). The fan-out matches the
-- locality as incident_subscriptions' locality subscriptions do (src/server/incidents/incident-area.ts).
CREATE TABLE sms_alert_subscriptions (
  id         bigserial PRIMARY KEY,
  phone      text NOT NULL CHECK (phone ~ '^\+[1-9][0-9]{6,14}$'),
  locality   text NOT NULL CHECK (length(btrim(locality)) BETWEEN 1 AND 200),
  created_at timestamptz NOT NULL DEFAULT now(),
  ended_at   timestamptz
);
CREATE UNIQUE INDEX sms_alert_subscriptions_active_idx ON sms_alert_subscriptions (phone, lower(locality))
  WHERE ended_at IS NULL;
