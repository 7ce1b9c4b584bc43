-- Response templates (docs/decisions/033-duplicates-calls-and-templates.md): public notes that staff reuse when they
-- change a report's status, one set per status and language, kept by administrators. Offered in the console's
-- status form, the reporter's language first; the text picked is only a starting point that staff edit.

CREATE TABLE response_templates (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title      text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 100),
  status     text NOT NULL CHECK (status IN ('pending', 'in-progress', 'resolved')),
  locale     text NOT NULL CHECK (locale IN ('en', 'es', 'fr', 'hi', 'ar')),
  -- A public note's own limit (NOTE_MAX_LENGTH in src/shared/staff/staff-schemas.ts).
  body       text NOT NULL CHECK (length(btrim(body)) BETWEEN 1 AND 1000),
  -- Retired templates are no longer offered but stay listed for administrators, who may bring them back.
  active     boolean NOT NULL DEFAULT true,
  created_by uuid REFERENCES staff_accounts (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- Storable text (src/shared/storable-text.ts): no control character but tab and line breaks, no noncharacter, so
  -- a note made from a template can go into every format a report leaves in (Atom, Open311 XML, e-mail).
  CONSTRAINT response_templates_storable_chk CHECK (
    title !~ '[\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]' AND body !~ '[\x01-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]')
);
-- One title per status and language among the templates offered.
CREATE UNIQUE INDEX response_templates_title_idx ON response_templates (status, locale, lower(title)) WHERE active;
