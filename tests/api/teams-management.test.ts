import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { TeamList, TeamView } from "#shared/teams/team-schemas.ts";
import { createTestApp, type TestApp } from "./test-app.ts";
import { adminAndStaffClients, type staffClient } from "./staff/staff-helpers.ts";

// Teams (docs/decisions/029-teams-routing-and-assignment.md): administrators create and change them, each change in
// the audit log; every signed-in member of staff reads the list.

const ADMIN = "admin@water.example";
const STAFF = "staff@water.example";
let t: TestApp;
let admin: Awaited<ReturnType<typeof staffClient>>;
let staff: Awaited<ReturnType<typeof staffClient>>;
let staffId: string;

const auditRows = async () =>
  (
    await t.db.query<{ actor: string; action: string; target: string; details: Record<string, unknown> }>(
      "SELECT actor, action, target, details FROM audit_log WHERE action LIKE 'team.%' ORDER BY id",
    )
  ).rows;
const create = (payload: Record<string, unknown>, as = admin) =>
  as({ method: "POST", url: "/api/staff/teams", payload });

beforeAll(async () => {
  t = await createTestApp();
  ({ admin, staff } = await adminAndStaffClients(t.app, t.db, ADMIN, STAFF));
  staffId = (await t.db.query<{ id: string }>("SELECT id FROM staff_accounts WHERE email = $1", [STAFF])).rows[0]!.id;
});
beforeEach(async () => {
  await t.db.query("DELETE FROM audit_log");
  await t.db.query("DELETE FROM teams");
});
afterAll(() => t.close());

describe("teams", () => {
  it("an administrator creates one with a name and an inbox; it is a crew with no members by default", async () => {
    const response = await create({ name: "  North crew ", email: "north@water.example" });
    expect(response.statusCode).toBe(201);
    const team = response.json() as TeamView;
    expect(team).toMatchObject({ name: "North crew", email: "north@water.example", kind: "crew", active: true });
    expect(team.members).toEqual([]);
    expect(team.supervisor).toBeNull();
    expect(await auditRows()).toEqual([
      {
        actor: ADMIN,
        action: "team.create",
        target: "North crew",
        details: { id: team.id, email: "north@water.example", kind: "crew", supervisor: null },
      },
    ]);
  });

  it("every signed-in member of staff reads the list with members and supervisor; nobody signed in cannot", async () => {
    const made = (
      await create({ name: "Sewers", email: "sewers@city.example", kind: "partner", supervisorId: staffId })
    ).json() as TeamView;
    expect(
      (
        await admin({
          method: "POST",
          url: `/api/staff/teams/${made.id}/members`,
          payload: { staffAccountId: staffId },
        })
      ).statusCode,
    ).toBe(200);
    const list = await staff({ method: "GET", url: "/api/staff/teams" });
    expect(list.statusCode).toBe(200);
    const [team] = (list.json() as TeamList).teams;
    expect(team).toMatchObject({
      name: "Sewers",
      kind: "partner",
      supervisor: { id: staffId, email: STAFF },
      members: [{ id: staffId, email: STAFF }],
    });
    expect((await t.app.inject({ method: "GET", url: "/api/staff/teams" })).statusCode).toBe(401);
  });

  it("are changed by administrators only: staff get 403 and nothing changes", async () => {
    const made = (await create({ name: "East", email: "east@water.example" })).json() as TeamView;
    const attempts = [
      { method: "POST" as const, url: "/api/staff/teams", payload: { name: "X", email: "x@water.example" } },
      { method: "PATCH" as const, url: `/api/staff/teams/${made.id}`, payload: { active: false } },
      { method: "POST" as const, url: `/api/staff/teams/${made.id}/members`, payload: { staffAccountId: staffId } },
      { method: "DELETE" as const, url: `/api/staff/teams/${made.id}/members/${staffId}` },
    ];
    for (const attempt of attempts) expect((await staff(attempt)).statusCode, attempt.url).toBe(403);
    expect((await staff({ method: "GET", url: "/api/staff/teams" })).json()).toMatchObject({
      teams: [{ name: "East", active: true, members: [] }],
    });
    expect((await auditRows()).map((row) => row.action)).toEqual(["team.create"]);
  });

  it("refuses a missing name, a bad inbox, an unknown kind or supervisor, and a name taken (case aside)", async () => {
    expect((await create({ name: " ", email: "a@water.example" })).json()).toMatchObject({
      message: "Please give the team a name.",
    });
    expect((await create({ name: "A", email: "not an address" })).json()).toMatchObject({
      message: "Please enter the team's e-mail address (its inbox).",
    });
    expect((await create({ name: "A", email: "a@water.example", kind: "gang" })).statusCode).toBe(400);
    const unknown = await create({ name: "A", email: "a@water.example", supervisorId: crypto.randomUUID() });
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, "There is no such staff account."]);
    expect((await create({ name: "West", email: "w@water.example" })).statusCode).toBe(201);
    const taken = await create({ name: "WEST", email: "w2@water.example" });
    expect([taken.statusCode, taken.json().message]).toEqual([409, "Another team already has this name."]);
  });

  it("an update, retiring, reactivating and each membership change are in the audit log, once each", async () => {
    const made = (await create({ name: "South", email: "south@water.example" })).json() as TeamView;
    const patch = (payload: Record<string, unknown>) =>
      admin({ method: "PATCH", url: `/api/staff/teams/${made.id}`, payload });
    expect((await patch({ name: "South crew", kind: "contractor", supervisorId: staffId })).json()).toMatchObject({
      name: "South crew",
      kind: "contractor",
      supervisor: { email: STAFF },
    });
    expect((await patch({ active: false })).json()).toMatchObject({ active: false });
    expect((await patch({ active: true })).json()).toMatchObject({ active: true });
    const members = `/api/staff/teams/${made.id}/members`;
    await admin({ method: "POST", url: members, payload: { staffAccountId: staffId } });
    await admin({ method: "POST", url: members, payload: { staffAccountId: staffId } });
    expect((await admin({ method: "DELETE", url: `${members}/${staffId}` })).json()).toMatchObject({ members: [] });
    expect(
      (await admin({ method: "PATCH", url: "/api/staff/teams/" + crypto.randomUUID(), payload: {} })).statusCode,
    ).toBe(404);
    const rows = await auditRows();
    expect(rows.map((row) => [row.action, row.target])).toEqual([
      ["team.create", "South"],
      ["team.update", "South crew"],
      ["team.retire", "South crew"],
      ["team.reactivate", "South crew"],
      ["team.member_add", "South crew"],
      ["team.member_remove", "South crew"],
    ]);
    expect(rows[1]!.details).toEqual({
      id: made.id,
      name: { from: "South", to: "South crew" },
      kind: { from: "crew", to: "contractor" },
      supervisorId: { from: null, to: staffId },
    });
    expect(rows[4]!.details).toEqual({ id: made.id, member: STAFF });
  });
});
