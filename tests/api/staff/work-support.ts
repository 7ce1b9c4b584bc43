import type { Database } from "#server/db/database.ts";

/** Teams and members seeded directly (migrations/027), as the teams' administration would make them. */
export async function seedTeam(
  db: Database,
  name: string,
  members: string[] = [],
  options: { active?: boolean } = {},
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    "INSERT INTO teams (name, email, active) VALUES ($1, $2, $3) RETURNING id",
    [name, `${name.toLowerCase().replace(/\W+/g, "-")}@water.example`, options.active ?? true],
  );
  const teamId = rows[0]!.id;
  for (const staffId of members) {
    await db.query("INSERT INTO team_members (team_id, staff_id) VALUES ($1, $2)", [teamId, staffId]);
  }
  return teamId;
}

/** The outbox's messages of one kind, oldest first. */
export async function outboxOf(db: Database, kind: string) {
  const { rows } = await db.query<{ recipient: string; subject: string; text_body: string; html_body: string }>(
    "SELECT recipient, subject, text_body, html_body FROM outbox WHERE kind = $1 ORDER BY id",
    [kind],
  );
  return rows;
}
