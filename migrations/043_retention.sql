-- Retention (docs/decisions/042-privacy-and-retention.md): the daily run and `npm run retention` erase what is kept
-- past its period (src/server/privacy/retention-repository.ts). Each index below holds only the rows still to be
-- erased, so a run finds them at once however large the tables, and a row leaves its index once erased.

-- An e-mail's recipient and an SMS's number are erased, the row kept: the console still shows that a message was
-- sent, when, and whether it arrived, without to whom. NULL, not a placeholder: the unique indexes on (…, event,
-- recipient) and (phone, event) let any number of NULLs stand side by side.
ALTER TABLE outbox ALTER COLUMN recipient DROP NOT NULL;
ALTER TABLE sms_messages ALTER COLUMN phone DROP NOT NULL;

-- Resolved reports that still hold contact details, by when they were resolved (RETENTION_CONTACT_DAYS).
CREATE INDEX grievances_contact_retention_idx ON grievances (resolved_at)
  WHERE user_email IS NOT NULL OR user_phone IS NOT NULL OR sms_updates;

-- Hidden reports and hidden reporter updates whose text and photos are still there, by when they were hidden
-- (RETENTION_HIDDEN_DAYS, RETENTION_HIDDEN_UPDATES_DAYS). The marker is the text that replaces theirs
-- (src/server/privacy/retention-marker.ts): the same words here, or the index would never apply.
CREATE INDEX grievances_hidden_retention_idx ON grievances (hidden_at)
  WHERE hidden_at IS NOT NULL AND (images <> '[]'::jsonb OR description <> '[Erased under the retention policy]');
CREATE INDEX reporter_updates_hidden_retention_idx ON reporter_updates (hidden_at)
  WHERE hidden_at IS NOT NULL AND (images <> '[]'::jsonb OR body <> '[Erased under the retention policy]');

-- E-mail sent or given up whose recipient is still there (RETENTION_EMAIL_DAYS), and SMS whose number is still
-- there (RETENTION_SMS_DAYS), by age.
CREATE INDEX outbox_recipient_retention_idx ON outbox (created_at)
  WHERE recipient IS NOT NULL AND (sent_at IS NOT NULL OR failed_at IS NOT NULL);
CREATE INDEX sms_messages_retention_idx ON sms_messages (created_at) WHERE phone IS NOT NULL;
