import type { FastifyInstance, InjectOptions } from "fastify";
import type { Database } from "#server/db/database.ts";
import { createAccount } from "#server/auth/account-repository.ts";
import { hashPassword } from "#server/auth/password.ts";

/** Requests look like they come from the portal's own pages at this host. */
export const HOST = "portal.test";
export const SAME_ORIGIN = { host: HOST, origin: `http://${HOST}` };

export const STAFF_EMAIL = "officer@water.example";
export const STAFF_PASSWORD = "correct horse battery staple";

// Cheaper than production (2^16) so the suite stays quick; verification reads the cost from the stored hash.
const TEST_COST = { N: 2 ** 12, r: 8, p: 1 };

export async function addStaff(db: Database, email = STAFF_EMAIL, password = STAFF_PASSWORD) {
  return createAccount(db, email, await hashPassword(password, TEST_COST));
}

/**
 * An administrator and a member of staff, each signed in (docs/decisions/017): request functions for both. createAccount
 * makes staff; the administrator is promoted like the CLI's would be.
 */
export async function adminAndStaffClients(app: FastifyInstance, db: Database, adminEmail: string, staffEmail: string) {
  const made = await addStaff(db, adminEmail);
  await addStaff(db, staffEmail);
  await db.query("UPDATE staff_accounts SET role = 'admin' WHERE id = $1", [made.id]);
  return { admin: await staffClient(app, adminEmail), staff: await staffClient(app, staffEmail) };
}

export function signIn(app: FastifyInstance, email = STAFF_EMAIL, password = STAFF_PASSWORD, headers = {}) {
  return app.inject({
    method: "POST",
    url: "/api/staff/session",
    headers: { ...SAME_ORIGIN, ...headers },
    payload: { email, password },
  });
}

/** The `name=value` pair of the session cookie set by a response, for the next request's Cookie header. */
export function sessionCookie(response: { cookies: { name: string; value: string }[] }): string {
  const cookie = response.cookies.find((c) => c.name === "staff_session");
  if (!cookie) throw new Error("no session cookie was set");
  return `staff_session=${cookie.value}`;
}

/** Signs in and returns a function making requests as that staff member from the portal's own origin. */
export async function staffClient(app: FastifyInstance, email = STAFF_EMAIL, password = STAFF_PASSWORD) {
  const response = await signIn(app, email, password);
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  const cookie = sessionCookie(response);
  return (options: InjectOptions) =>
    app.inject({ ...options, headers: { ...SAME_ORIGIN, cookie, ...(options.headers ?? {}) } });
}

export interface SeedGrievance {
  title?: string;
  category?: string;
  priority?: string;
  status?: string;
  /** SQL interval before now(), e.g. "10 days". */
  age?: string;
  user_email?: string | null;
  user_phone?: string | null;
}

/** Inserts a report directly, with an explicit age, and returns its id. */
export async function seedGrievance(db: Database, g: SeedGrievance = {}): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    // Due times from the priority's defaults (migration 031), as a report submitted then would have had.
    `INSERT INTO grievances (title, description, category, priority, status, user_email, user_phone, created_at,
                             due_acknowledge_at, due_resolve_at)
     SELECT $1, 'Water is brown since Monday.', $2, d.priority, $4, $5, $6, now() - $7::interval,
            now() - $7::interval + d.acknowledge_minutes * interval '1 minute',
            now() - $7::interval + d.resolve_minutes * interval '1 minute'
     FROM service_target_defaults d WHERE d.priority = $3 RETURNING id`,
    [
      g.title ?? "Brown water",
      g.category ?? "Water Quality Issues",
      g.priority ?? "medium",
      g.status ?? "pending",
      g.user_email === undefined ? "jane.doe@example.org" : g.user_email,
      g.user_phone === undefined ? "+254 700 123 489" : g.user_phone,
      g.age ?? "1 hour",
    ],
  );
  return rows[0]!.id;
}

/** Records a status event directly (statistics fixtures), `ago` before now, by the given staff id. */
export async function seedStatusEvent(
  db: Database,
  grievanceId: string,
  from: string,
  to: string,
  ago: string,
  staffId: string,
) {
  await db.query(
    `INSERT INTO grievance_events (grievance_id, kind, from_status, to_status, at, staff_id)
     VALUES ($1, 'status', $2, $3, now() - $4::interval, $5)`,
    [grievanceId, from, to, ago, staffId],
  );
  await db.query("UPDATE grievances SET status = $2 WHERE id = $1", [grievanceId, to]);
}

/** Empties every table the staff tests touch, so one app and database can serve a whole test file. */
export async function resetData(db: Database): Promise<void> {
  await db.query(
    "TRUNCATE grievance_events, staff_sessions, staff_sign_in_counters, staff_accounts, grievances RESTART IDENTITY CASCADE",
  );
}
