/**
 * The status history of the seeded reports, as the console leaves it (src/server/staff/workflow.ts: one
 * grievance_events row of kind 'status' per change): a report in progress was taken up once, a resolved one taken up
 * and then resolved. Taken up within three days of being reported, resolved within twenty more, never in the
 * future; the notes are the console's usual public notes. Open311's servicerequestupdates reads these rows by time.
 * Only reports without events yet get them, so a second, larger size adds the new reports' history alone.
 */
const NOTES = ["A crew has been sent.", "The site was inspected.", "Repaired and tested.", "The supply is back."];

export const BENCH_STAFF_EMAIL = "bench-staff@example.org";

export function insertStatusEventsSql(): string {
  const notes = NOTES.map((note) => `'${note.replace(/'/g, "''")}'`).join(", ");
  // One change in five without a public note, as staff often leave it.
  const note = (draw: string) => `(ARRAY[${notes}, NULL])[1 + floor(${draw} * ${NOTES.length + 1})::int]`;
  return `
    INSERT INTO staff_accounts (email, password_hash) VALUES ('${BENCH_STAFF_EMAIL}', NULL)
    ON CONFLICT DO NOTHING;
    WITH staff AS (SELECT id FROM staff_accounts WHERE lower(email) = '${BENCH_STAFF_EMAIL}'),
    reports AS (
      SELECT g.id, g.status, g.created_at,
             g.created_at + least(now() - g.created_at, interval '3 days') * random() AS taken_up,
             random() AS r1, random() AS r2, random() AS r3
      FROM grievances g
      WHERE g.status <> 'pending' AND NOT EXISTS (SELECT 1 FROM grievance_events e WHERE e.grievance_id = g.id)
    )
    INSERT INTO grievance_events (grievance_id, kind, from_status, to_status, note, staff_id, at)
    SELECT r.id, 'status', 'pending', 'in-progress', ${note("r.r1")}, (SELECT id FROM staff), r.taken_up FROM reports r
    UNION ALL
    SELECT r.id, 'status', 'in-progress', 'resolved', ${note("r.r2")}, (SELECT id FROM staff),
           r.taken_up + least(now() - r.taken_up, interval '20 days') * r.r3
    FROM reports r WHERE r.status = 'resolved';`;
}
