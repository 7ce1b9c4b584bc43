-- Internal notes (docs/decisions/032-internal-notes-stay-inside.md): what staff, and technicians sent to a job
-- through a one-time link, write about a report for one another. Never part of any public answer, page, feed,
-- export, Open311 answer or e-mail to residents: a table of their own, which only the console's and the
-- technician's reads select from.
CREATE TABLE internal_notes (
  id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  grievance_id     uuid NOT NULL REFERENCES grievances (id) ON DELETE CASCADE,
  -- A staff member signed in to the console, or a technician (no account) writing through their link.
  author_kind      text NOT NULL CHECK (author_kind IN ('staff', 'technician')),
  -- Null for a technician, and for a staff author whose account was since deleted (the note stays).
  staff_id         uuid REFERENCES staff_accounts (id) ON DELETE SET NULL,
  technician_email text CHECK (length(technician_email) BETWEEN 3 AND 254),
  body             text NOT NULL CHECK (length(body) <= 4000),
  -- Stored like a report's photos (object keys: key, thumbnailKey, mediumKey, size), served only to staff.
  images           jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at       timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT internal_notes_author_chk CHECK (
    (author_kind = 'technician') = (technician_email IS NOT NULL)
    AND (author_kind = 'staff' OR staff_id IS NULL)),
  -- Words, photos, or both: never an empty note.
  CONSTRAINT internal_notes_content_chk CHECK (length(btrim(body)) > 0 OR jsonb_array_length(images) > 0)
);
-- A report's notes, oldest first.
CREATE INDEX internal_notes_grievance_idx ON internal_notes (grievance_id, created_at, id);
-- The public image route withholds a note's photos and the orphan sweep keeps them: both ask by key.
CREATE INDEX internal_notes_images_idx ON internal_notes USING gin (images jsonb_path_ops);
