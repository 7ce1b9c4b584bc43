import { describe, expect, it } from "vitest";
import type { FieldJob, FieldJobFixed, TechnicianLinkCreated } from "#shared/field/field.ts";
import type { TeamWork } from "#shared/api-schemas/team-work.ts";
import type { StaffGrievanceDetail } from "#shared/staff/staff-api.ts";
import type { TeamView } from "#shared/teams/team-schemas.ts";
import type { SubmittedGrievance } from "#shared/tracking/tracking.ts";
import { validFields } from "./test-app.ts";
import { square } from "./teams-support.ts";
import {
  ADMIN,
  LINKS,
  MEMBER,
  SUPERVISOR,
  admin,
  advanceMinutes,
  anyone,
  deliver,
  escalationCheck,
  getJson,
  ids,
  member,
  outbox,
  postForm,
  sent,
  supervisor,
  toAndSubject,
  useWorkWeekPortal,
} from "./work-week-support.ts";

// Acceptance of the work loop (docs/decisions/029 to 033): ONE report walked from the administrator's set-up to the
// crew closing it from the field page, through the HTTP API only, each step checking what is stored and every
// message the outbox sent to a real SMTP server. The steps share state and run in order.

useWorkWeekPortal();

const INBOX = "north-crew@water.example";
const RESIDENT = validFields.user_email;
const TECHNICIAN = "valve.fitter@contractor.example";
const PIN = { longitude: "36.815", latitude: "-1.285" };
const SECRET = "Valve 7 key is with the night guard";
const FIXED = "Replaced the corroded valve at Elm Street 12; the water runs clear.";

let team: TeamView;
let report: SubmittedGrievance;
let token = "";
let phoned: StaffGrievanceDetail;

const view = (id: string) => getJson<StaffGrievanceDetail>(supervisor, `/api/staff/grievances/${id}`);
const publicReport = (id: string) =>
  getJson<{ status: string; affected: number; expectedResolutionAt: string | null }>(anyone, `/api/grievances/${id}`);
/** What a resident can read of the report: its page and the answer to its tracking link. */
const residentsViews = () => [
  anyone({ url: `/api/grievances/${report.id}` }),
  anyone({ url: `/api/track/${new URL(report.trackingUrl).pathname.split("/").pop()}` }),
];
const INTERNAL = [/night guard/i, /Valve seized/i];
const minutesBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 60_000;

describe("a week of work: one report from the resident to the crew and back", () => {
  it("an administrator sets up the North crew, its rule for brown water in the centre and its targets", async () => {
    const made = await admin({
      method: "POST",
      url: "/api/staff/teams",
      payload: { name: "North crew", email: INBOX, supervisorId: ids.supervisor },
    });
    expect(made.statusCode, made.body).toBe(201);
    const added = await admin({
      method: "POST",
      url: `/api/staff/teams/${made.json<TeamView>().id}/members`,
      payload: { staffAccountId: ids.member },
    });
    expect(added.statusCode, added.body).toBe(200);
    team = added.json<TeamView>();
    expect(team).toMatchObject({ name: "North crew", email: INBOX, supervisor: { email: SUPERVISOR } });
    expect(team.members.map((m) => m.email)).toEqual([MEMBER]);

    const rule = await admin({
      method: "POST",
      url: "/api/staff/routing-rules",
      payload: { teamId: team.id, serviceCode: "water-quality", area: square(36.815, -1.285) },
    });
    expect(rule.statusCode, rule.body).toBe(201);
    const target = { serviceCode: "water-quality", priority: "high", acknowledgeMinutes: 60, resolveMinutes: 480 };
    const set = await admin({ method: "PUT", url: "/api/staff/admin/service-targets", payload: target });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject(target);
  });

  it("a resident reports brown water at a pin in the area: the team is told, the resident gets a receipt", async () => {
    const res = await postForm(anyone, "/api/grievances", { ...validFields, ...PIN }, 201);
    report = res.json<SubmittedGrievance>();
    expect(minutesBetween(report.created_at, report.expectedResolutionAt!)).toBeCloseTo(480, 0);

    const staffView = await view(report.id);
    expect(staffView).toMatchObject({
      team: { id: team.id, name: "North crew" },
      assignee: null,
      channel: "web",
      overdue: false,
    });
    expect(minutesBetween(report.created_at, staffView.dueAcknowledgeAt!)).toBeCloseTo(60, 0);
    expect(staffView.dueResolveAt).toBe(report.expectedResolutionAt);
    expect(staffView.timeline.find((e) => e.kind === "assigned")).toMatchObject({ actor: "system" });

    const mails = await deliver();
    expect(toAndSubject(mails).sort()).toEqual([
      [RESIDENT, `Report ${report.reference} received: ${validFields.title}`],
      [INBOX, `New report ${report.reference} for North crew: ${validFields.title}`],
    ]);
    const toInbox = mails.find((m) => m.to.includes(INBOX))!;
    expect(toInbox.decoded).toContain(`${LINKS}/staff/grievances/${report.id}`);
    expect(toInbox.decoded).not.toContain(RESIDENT);
    expect(mails.find((m) => m.to.includes(RESIDENT))!.decoded).toContain(`${LINKS}/track/`);
  });

  it("the supervisor hands it to a crew member, who is e-mailed; the timeline says who did it", async () => {
    const res = await supervisor({
      method: "POST",
      url: `/api/staff/grievances/${report.id}/assignment`,
      payload: { teamId: team.id, staffAccountId: ids.member },
    });
    expect(res.statusCode, res.body).toBe(200);
    const assigned = res.json<StaffGrievanceDetail>();
    expect(assigned.assignee).toEqual({ id: ids.member, email: MEMBER });
    expect(assigned.timeline.filter((e) => e.kind === "assigned").at(-1)).toMatchObject({
      actor: "staff",
      staff_email: SUPERVISOR,
      details: { assignee: { id: ids.member, email: MEMBER }, previousAssignee: null },
    });
    const mails = await deliver();
    expect(toAndSubject(mails)).toEqual([[MEMBER, expect.stringContaining(report.reference)]]);
    expect(mails[0]!.decoded).toContain(`${LINKS}/staff/grievances/${report.id}`);
    // The crew member's own work list now holds it.
    const mine = await getJson<{ items: { id: string }[] }>(member, "/api/staff/grievances?view=mine");
    expect(mine.items.map((g) => g.id)).toEqual([report.id]);
  });

  it("staff add an internal note that the resident never sees, on the page or by the tracking link", async () => {
    const res = await member({
      method: "POST",
      url: `/api/staff/grievances/${report.id}/internal-notes`,
      payload: { text: SECRET },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<StaffGrievanceDetail>().internalNotes.map((n) => n.text)).toEqual([SECRET]);
    for (const answer of await Promise.all(residentsViews())) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.body).toContain(report.reference);
      for (const words of INTERNAL) expect(answer.body).not.toMatch(words);
    }
    expect(await deliver()).toEqual([]);
  });

  it("an hour passes unanswered: the check escalates it once, to the supervisor and the inbox", async () => {
    expect(await escalationCheck()).toBe(0);
    advanceMinutes(61);
    expect(await escalationCheck()).toBe(1);
    expect(await escalationCheck()).toBe(0);

    const overdue = `Overdue: ${report.reference} was not acknowledged in time: ${validFields.title}`;
    const mails = await deliver();
    expect(toAndSubject(mails).sort()).toEqual([
      [INBOX, overdue],
      [SUPERVISOR, overdue],
    ]);
    expect(await deliver()).toEqual([]);
    const escalated = (await view(report.id)).timeline.filter((e) => e.kind === "escalated");
    expect(escalated).toEqual([
      expect.objectContaining({ actor: "system", details: expect.objectContaining({ target: "acknowledge" }) }),
    ]);
    // The managers' view, at the portal's clock, counts it overdue for the team.
    const work = await getJson<TeamWork>(admin, "/api/staff/team-work");
    expect(work.teams.find((row) => row.team?.id === team.id)).toMatchObject({ open: 1, overdue: 1 });
  });

  it("a caller phones in the same leak: taken by staff, routed to the crew, merged into the first report", async () => {
    const caller = { ...validFields, ...PIN, user_email: "", user_phone: "+254 711 000 222", channel: "phone" };
    phoned = (await postForm(supervisor, "/api/staff/grievances", caller, 201)).json<StaffGrievanceDetail>();
    expect(phoned).toMatchObject({ channel: "phone", user_email: null, team: { id: team.id } });
    expect(phoned.reference).not.toBe(report.reference);
    const affected = (await publicReport(report.id)).affected;

    const merged = await supervisor({
      method: "POST",
      url: `/api/staff/grievances/${phoned.id}/duplicate`,
      payload: { duplicateOfId: report.id },
    });
    expect(merged.statusCode, merged.body).toBe(200);
    expect(merged.json<StaffGrievanceDetail>().status).toBe("resolved");
    expect((await publicReport(report.id)).affected).toBe(affected + 1);
    expect((await publicReport(report.id)).status).toBe("pending");
    // The inbox hears of the call as of any new report; the caller gave no address; the resident is not disturbed.
    expect(toAndSubject(await deliver())).toEqual([
      [INBOX, `New report ${phoned.reference} for North crew: ${validFields.title}`],
    ]);
  });

  it("a technician gets a link, notes what they found and marks the job fixed from the field page", async () => {
    const res = await member({
      method: "POST",
      url: `/api/staff/grievances/${report.id}/technician-links`,
      payload: { email: TECHNICIAN },
    });
    expect(res.statusCode, res.body).toBe(201);
    const technicianUrl = res.json<TechnicianLinkCreated>().url;
    token = new URL(technicianUrl).pathname.split("/").pop()!;
    expect(technicianUrl).toBe(`${LINKS}/field/${token}`);
    const mails = await deliver();
    expect(toAndSubject(mails)).toEqual([[TECHNICIAN, expect.stringContaining(report.reference)]]);
    expect(mails[0]!.decoded).toContain(technicianUrl);

    const job = await getJson<FieldJob>(anyone, `/api/field/${token}`);
    expect(job.report).toMatchObject({ reference: report.reference, status: "pending" });
    expect(job.notes.map((n) => n.text)).toEqual([SECRET]);
    await postForm(anyone, `/api/field/${token}/notes`, { text: "Valve seized; fetching a new one." }, 201);
    const fixed = await postForm(anyone, `/api/field/${token}/fixed`, { text: FIXED }, 200);
    expect(fixed.json<FieldJobFixed>()).toEqual({ status: "resolved", reportUrl: `${LINKS}/grievance/${report.id}` });
  });

  it("the report is resolved with the crew's note, the resident is told once, and the link is spent", async () => {
    expect((await publicReport(report.id)).status).toBe("resolved");
    const progress = await getJson<{ timeline: { to?: string; note?: string | null }[] }>(
      anyone,
      `/api/grievances/${report.id}/progress`,
    );
    expect(progress.timeline.at(-1)).toMatchObject({ to: "resolved", note: FIXED });
    const staffView = await view(report.id);
    expect(staffView.internalNotes.map((n) => [n.author.kind, n.text])).toEqual([
      ["staff", SECRET],
      ["technician", "Valve seized; fetching a new one."],
    ]);

    const mails = await deliver();
    expect(toAndSubject(mails)).toEqual([[RESIDENT, expect.stringMatching(/Resolved/)]]);
    expect(mails[0]!.decoded).toContain("Replaced the corroded valve");
    expect(await deliver()).toEqual([]);

    for (const answer of await Promise.all(residentsViews())) {
      expect(answer.body).toContain('"status":"resolved"');
      for (const words of INTERNAL) expect(answer.body).not.toMatch(words);
    }

    const spent = await anyone({ url: `/api/field/${token}` });
    expect(spent.statusCode).toBe(410);
    expect(spent.json<{ message: string }>().message).toMatch(/was used/);
    expect((await anyone({ method: "POST", url: `/api/field/${token}/fixed` })).statusCode).toBe(410);
  });

  it("sent these eight messages, each once, and none to a resident holds an internal note", async () => {
    const first = `${report.reference}: ${validFields.title}`;
    const queued = await outbox();
    expect(queued.map((m) => [m.kind, m.recipient, m.subject])).toEqual([
      ["receipt", RESIDENT, `Report ${report.reference} received: ${validFields.title}`],
      ["team-new-report", INBOX, `New report ${report.reference} for North crew: ${validFields.title}`],
      ["assignment", MEMBER, `Report ${report.reference} assigned to you: ${validFields.title}`],
      ["escalation", INBOX, `Overdue: ${report.reference} was not acknowledged in time: ${validFields.title}`],
      ["escalation", SUPERVISOR, `Overdue: ${report.reference} was not acknowledged in time: ${validFields.title}`],
      ["team-new-report", INBOX, `New report ${phoned.reference} for North crew: ${validFields.title}`],
      ["technician-link", TECHNICIAN, `Job ${first}`],
      ["update", RESIDENT, `Report ${report.reference}: status changed from Pending to Resolved`],
    ]);
    // Each was sent, once: the SMTP server received exactly these.
    expect(queued.every((m) => m.sent)).toBe(true);
    const received = sent.map((m) => [m.to.join(), m.subject]);
    expect(received.sort()).toEqual(queued.map((m) => [m.recipient, m.subject]).sort());
    for (const mail of sent.filter((m) => m.to.includes(RESIDENT))) {
      for (const words of INTERNAL) expect(mail.decoded).not.toMatch(words);
    }
    expect(received.map(([to]) => to)).not.toContain(ADMIN);
    // A resident's messages can be unsubscribed from; staff's are their work: no such link, no such header.
    for (const mail of sent) {
      const toResident = mail.to.includes(RESIDENT);
      expect(mail.headers["list-unsubscribe"] !== undefined, mail.subject).toBe(toResident);
      expect(/unsubscribe/i.test(mail.decoded.replace(/^list-unsubscribe.*$/gim, "")), mail.subject).toBe(toResident);
    }
  });
});
