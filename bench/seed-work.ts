import type { Queryable } from "#server/db/database.ts";
import { createAccount, findAccountByEmail } from "#server/auth/account-repository.ts";
import { hashPassword } from "#server/auth/password.ts";

/**
 * The utility's side at scale (docs/decisions/029-teams-routing-and-assignment.md): teams with members, most reports
 * routed to a team, some of those assigned to a member, every report with its due times. The benchmark signs in as
 * BENCH_STAFF, a member of the first team, to measure the queue's own views ("mine", "my teams", "needs a team",
 * overdue, by time left).
 */

export const BENCH_STAFF = { email: "bench.staff@example.org", password: "bench-staff-password" };

const TEAMS = 12;
const MEMBERS_PER_TEAM = 5;
/** Reports the routing rules found a team for; the others wait in "needs a team". */
export const ROUTED_SHARE = 0.98;
/** Routed reports a supervisor then gave to one person. */
export const ASSIGNED_SHARE = 0.3;

/** Days to acknowledge and to resolve by priority: ACKNOWLEDGE_TARGETS' and OVERDUE_TARGETS' defaults. */
const TARGET_DAYS = {
  urgent: { acknowledge: 1 / 24, resolve: 1 },
  high: { acknowledge: 4 / 24, resolve: 3 },
  medium: { acknowledge: 1, resolve: 7 },
  low: { acknowledge: 3, resolve: 14 },
} as const;

export interface SeededWork {
  teamIds: string[];
  /** Every team's members in turn: team i's are i * MEMBERS_PER_TEAM and the next ones. BENCH_STAFF is the first. */
  memberIds: string[];
}

/** Creates the teams and their members once; a grown database finds them again. */
export async function seedWork(db: Queryable): Promise<SeededWork> {
  const teamIds: string[] = [];
  const memberIds: string[] = [];
  for (let team = 0; team < TEAMS; team++) {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO teams (name, email) VALUES ($1, $2)
       ON CONFLICT (lower(name)) DO UPDATE SET name = EXCLUDED.name RETURNING id`,
      [`Bench team ${team + 1}`, `team${team + 1}@example.org`],
    );
    const teamId = rows[0]!.id;
    teamIds.push(teamId);
    for (let member = 0; member < MEMBERS_PER_TEAM; member++) {
      const email =
        team === 0 && member === 0 ? BENCH_STAFF.email : `bench.member${team + 1}.${member + 1}@example.org`;
      const account =
        (await findAccountByEmail(db, email)) ??
        (await createAccount(db, email, email === BENCH_STAFF.email ? await hashPassword(BENCH_STAFF.password) : null));
      await db.query("INSERT INTO team_members (team_id, staff_id) VALUES ($1, $2) ON CONFLICT DO NOTHING", [
        teamId,
        account.id,
      ]);
      memberIds.push(account.id);
    }
  }
  return { teamIds, memberIds };
}

const uuids = (ids: string[]) => `ARRAY[${ids.map((id) => `'${id}'`).join(", ")}]::uuid[]`;

/**
 * The columns' values for a report of `draws` (three random() columns in [0, 1)), `priority` and `created_at`, in
 * the order of workColumns. The ids are the database's own uuids; nothing typed is spliced in.
 */
export function workValuesSql(work: SeededWork, draws: [string, string, string], priority: string, created: string) {
  if (!work.memberIds.every((id) => /^[0-9a-f-]{36}$/.test(id))) throw new Error("unexpected staff account id");
  const [routed, team, member] = draws;
  const teamIndex = `floor(${team} * ${work.teamIds.length})::int`;
  const days = (kind: "acknowledge" | "resolve") =>
    `CASE ${priority} ${Object.entries(TARGET_DAYS)
      .map(([name, target]) => `WHEN '${name}' THEN ${target[kind]}`)
      .join(" ")} END`;
  return [
    `CASE WHEN ${routed} < ${ROUTED_SHARE} THEN (${uuids(work.teamIds)})[1 + ${teamIndex}] END`,
    `CASE WHEN ${routed} < ${ROUTED_SHARE * ASSIGNED_SHARE}
       THEN (${uuids(work.memberIds)})[1 + ${teamIndex} * ${MEMBERS_PER_TEAM} + floor(${member} * ${MEMBERS_PER_TEAM})::int] END`,
    `${created} + (${days("acknowledge")}) * interval '1 day'`,
    `${created} + (${days("resolve")}) * interval '1 day'`,
  ];
}

export const workColumns = ["team_id", "assignee_id", "due_acknowledge_at", "due_resolve_at"];
