-- How each sent message left (src/server/notifications/mail-transport.ts): handed to an SMTP server, or written to a
-- file in DATA_DIR/mail because none is configured. The console said "Sent" for both; a message written to a file
-- reached nobody, and staff must not read it as delivered. Messages sent before this stay NULL (not known).
ALTER TABLE outbox ADD COLUMN sent_via text CHECK (sent_via IN ('smtp', 'file'));
