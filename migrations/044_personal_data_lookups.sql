-- Access on request (docs/decisions/043-erasure-and-access-on-request.md): everything held about an e-mail address or
-- a phone number, found through an index in every table that keeps one, at a million reports as at a hundred.
-- A phone number is matched by its last nine digits, so that "0712 345 678" typed into the form and +254712345678
-- kept from an SMS meet (src/server/privacy/personal-data-scrub.ts phoneKey).
CREATE INDEX grievances_user_email_idx ON grievances (lower(user_email)) WHERE user_email IS NOT NULL;
CREATE INDEX grievances_user_phone_key_idx ON grievances (right(regexp_replace(user_phone, '[^0-9]', '', 'g'), 9))
  WHERE user_phone IS NOT NULL;
CREATE INDEX followers_email_idx ON followers (lower(email));
CREATE INDEX outbox_recipient_idx ON outbox (lower(recipient));
CREATE INDEX sms_messages_phone_key_idx ON sms_messages (right(phone, 9));
CREATE INDEX sms_alert_subscriptions_phone_key_idx ON sms_alert_subscriptions (right(phone, 9));
CREATE INDEX sms_numbers_phone_key_idx ON sms_numbers (right(phone, 9));
