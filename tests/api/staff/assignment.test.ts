import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { StaffGrievanceDetail } from "#shared/staff/staff-api.ts";
import { WORK_MESSAGES } from "#shared/staff/work-schemas.ts";
import { createTestApp, type TestApp } from "../test-app.ts";
import { addStaff, resetData, SAME_ORIGIN, seedGrievance, staffClient, STAFF_EMAIL } from "./staff-helpers.ts";
import { outboxOf, seedTeam } from "./work-support.ts";

let t: TestApp;
let as: (options: InjectOptions) => Promise<LightMyRequestResponse>;
let me: string;
let crewMate: string;
const CREW_MATE = "crew.mate@water.example";
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetData(t.db);
  await t.db.query("TRUNCATE outbox, audit_log RESTART IDENTITY CASCADE");
  me = (await addStaff(t.db)).id;
  crewMate = (await addStaff(t.db, CREW_MATE)).id;
  as = await staffClient(t.app);
});

const assign = (id: string, body: object) =>
  as({ method: "POST", url: `/api/staff/grievances/${id}/assignment`, payload: body });

describe("assignGrievance", () => {
  it("sets the team and member, records the event and the audit entry, and e-mails the person a console link", async () => {
    const north = await seedTeam(t.db, "North crew", [me, crewMate]);
    const id = await seedGrievance(t.db, { title: "Burst <main> on Elm" });
    const res = await assign(id, { teamId: north, staffAccountId: crewMate });
    expect(res.statusCode).toBe(200);
    const detail = res.json<StaffGrievanceDetail>();
    expect(detail.team).toEqual({ id: north, name: "North crew" });
    expect(detail.assignee).toEqual({ id: crewMate, email: CREW_MATE });
    const event = detail.timeline.find((e) => e.kind === "assigned");
    expect(event).toMatchObject({ actor: "staff", staff_email: STAFF_EMAIL });
    expect(event?.details).toEqual({
      team: { id: north, name: "North crew" },
      assignee: { id: crewMate, email: CREW_MATE },
      previousTeam: null,
      previousAssignee: null,
    });

    const { rows: audit } = await t.db.query<{ actor: string; action: string; target: string }>(
      "SELECT actor, action, target FROM audit_log",
    );
    expect(audit).toEqual([{ actor: STAFF_EMAIL, action: "grievance.assign", target: detail.reference }]);

    const mail = await outboxOf(t.db, "assignment");
    expect(mail).toHaveLength(1);
    expect(mail[0]!.recipient).toBe(CREW_MATE);
    expect(mail[0]!.subject).toContain(detail.reference);
    expect(mail[0]!.subject).toContain("Burst <main> on Elm");
    // PUBLIC_URL's console page of the report, and the title escaped in the HTML part.
    expect(mail[0]!.text_body).toContain(`/staff/grievances/${id}`);
    expect(mail[0]!.html_body).toContain("Burst &lt;main&gt; on Elm");
    expect(mail[0]!.html_body).not.toContain("<main>");
  });

  it("reassigns: the event names the previous team and person; a team without a person tells nobody", async () => {
    const north = await seedTeam(t.db, "North crew", [me, crewMate]);
    const south = await seedTeam(t.db, "South crew", [me]);
    const id = await seedGrievance(t.db);
    expect((await assign(id, { teamId: north, staffAccountId: crewMate })).statusCode).toBe(200);
    const res = await assign(id, { teamId: south });
    expect(res.statusCode).toBe(200);
    const detail = res.json<StaffGrievanceDetail>();
    expect(detail.team?.name).toBe("South crew");
    expect(detail.assignee).toBeNull();
    const events = detail.timeline.filter((e) => e.kind === "assigned");
    expect(events[1]?.details).toMatchObject({
      team: { id: south, name: "South crew" },
      assignee: null,
      previousTeam: { id: north, name: "North crew" },
      previousAssignee: { id: crewMate, email: CREW_MATE },
    });
    expect(await outboxOf(t.db, "assignment")).toHaveLength(1);
    // The same again changes nothing and says so.
    const again = await assign(id, { teamId: south });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(WORK_MESSAGES.alreadyAssigned);
  });

  it("refuses a person outside the team, a retired team, an unknown team and an unknown report", async () => {
    const north = await seedTeam(t.db, "North crew", [me]);
    const retired = await seedTeam(t.db, "Old crew", [me, crewMate], { active: false });
    const id = await seedGrievance(t.db);
    const outsider = await assign(id, { teamId: north, staffAccountId: crewMate });
    expect(outsider.statusCode).toBe(400);
    expect(outsider.json().message).toBe(WORK_MESSAGES.notAMember);
    const old = await assign(id, { teamId: retired, staffAccountId: crewMate });
    expect(old.statusCode).toBe(400);
    expect(old.json().message).toBe(WORK_MESSAGES.teamRetired);
    const unknown = await assign(id, { teamId: "00000000-0000-4000-8000-000000000000" });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe(WORK_MESSAGES.teamNotFound);
    expect((await assign("00000000-0000-4000-8000-000000000000", { teamId: north })).statusCode).toBe(404);
    expect((await assign(id, {})).statusCode).toBe(400);
    // Nothing of the refused ones was kept.
    const { rows } = await t.db.query("SELECT team_id FROM grievances WHERE team_id IS NOT NULL");
    expect(rows).toHaveLength(0);
    expect(await outboxOf(t.db, "assignment")).toHaveLength(0);
  });

  it("needs a session from the portal's own pages", async () => {
    const north = await seedTeam(t.db, "North crew", [me]);
    const id = await seedGrievance(t.db);
    const anonymous = await t.app.inject({
      method: "POST",
      url: `/api/staff/grievances/${id}/assignment`,
      headers: SAME_ORIGIN,
      payload: { teamId: north },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
