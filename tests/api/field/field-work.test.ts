import { describe, expect, it } from "vitest";
import type { FieldJob, FieldJobFixed } from "#shared/field/field.ts";
import type { StaffGrievanceDetail } from "#shared/staff/staff-api.ts";
import { sweepOrphans } from "#server/maintenance/orphan-sweep.ts";
import { LocalImageStore } from "#server/storage/local-image-store.ts";
import { HOST } from "../staff/staff-helpers.ts";
import {
  as,
  deliver,
  jobOf,
  jpeg,
  openJob,
  postField,
  reportState,
  sendLink,
  submitReport,
  t,
  TECHNICIAN,
  useFieldPortal,
} from "./field-support.ts";

// What a technician does through their link (docs/decisions/031-technician-links.md): notes with photos kept as
// internal notes, and "Mark the job fixed", which resolves the report with their note and "after" photos.
useFieldPortal();

interface PublicDetails {
  status: string;
  images: unknown[];
  after_images?: { url: string; thumbnailUrl: string }[];
}
const publicReport = async (id: string) => (await t.app.inject({ url: `/api/grievances/${id}` })).json<PublicDetails>();

describe("a technician's note", () => {
  it("is kept as an internal note by the technician, its photos re-encoded and served under the link only", async () => {
    const report = await submitReport();
    const { token } = await sendLink(report.id);
    const res = await postField(token, "notes", "Valve chamber flooded; back with a pump at 14:00.", [await jpeg()]);
    expect(res.statusCode, res.body).toBe(201);
    const job = res.json<FieldJob>();
    expect(job.notes).toHaveLength(1);
    expect(job.notes[0]).toMatchObject({
      text: "Valve chamber flooded; back with a pump at 14:00.",
      author: { kind: "technician", email: TECHNICIAN },
    });
    const image = job.notes[0]!.images[0]!;
    expect(image.url.startsWith(`/api/field/${token}/media/`)).toBe(true);
    const served = await t.app.inject({ url: image.thumbnailUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/webp");
    // The note's photo is not public, and the staff see the note as the technician's.
    const key = image.url.split("/").pop()!;
    expect((await t.app.inject({ url: `/media/grievance-images/${key}` })).statusCode).toBe(404);
    const detail = (await as({ url: `/api/staff/grievances/${report.id}` })).json<StaffGrievanceDetail>();
    expect(detail.internalNotes.map((n) => n.author)).toEqual([{ kind: "technician", email: TECHNICIAN }]);
    // Another job's link does not serve it.
    const other = await sendLink((await submitReport()).id);
    expect((await t.app.inject({ url: `/api/field/${other.token}/media/${key}` })).statusCode).toBe(404);
  });

  it("shows staff's internal notes to the technician, without the staff member's address", async () => {
    const report = await submitReport();
    const staffNote = await as({
      method: "POST",
      url: `/api/staff/grievances/${report.id}/internal-notes`,
      payload: { text: "Resident home after 5 pm; gate code 4411." },
    });
    expect(staffNote.statusCode, staffNote.body).toBe(201);
    const { token } = await sendLink(report.id);
    const job = await jobOf(token);
    expect(job.notes).toEqual([
      expect.objectContaining({
        text: "Resident home after 5 pm; gate code 4411.",
        author: { kind: "staff", email: null },
      }),
    ]);
    expect(JSON.stringify(job)).not.toContain("officer@water.example");
  });

  it("refuses a note without text and a photo that is not an image, saving nothing", async () => {
    const report = await submitReport();
    const { token } = await sendLink(report.id);
    expect((await postField(token, "notes", "   ")).statusCode).toBe(400);
    const notImage = { filename: "x.jpg", bytes: new TextEncoder().encode("not a picture"), type: "image/jpeg" };
    expect((await postField(token, "notes", "Photo attached", [notImage])).statusCode).toBe(400);
    expect((await reportState(report.id)).notes).toBe(0);
  });
});

describe("Mark the job fixed", () => {
  it("resolves the report with the technician's public note and after photos, tells the followers, and spends the link", async () => {
    const report = await submitReport();
    const { token } = await sendLink(report.id);
    await deliver();
    const res = await postField(token, "fixed", "Replaced the corroded valve; water is clear again.", [await jpeg()]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<FieldJobFixed>()).toEqual({
      status: "resolved",
      reportUrl: `http://${HOST}/grievance/${report.id}`,
    });

    const details = await publicReport(report.id);
    expect(details.status).toBe("resolved");
    expect(details.after_images).toHaveLength(1);
    const after = details.after_images![0]!;
    expect(after.url.startsWith("/media/grievance-images/")).toBe(true);
    expect((await t.app.inject({ url: after.thumbnailUrl })).statusCode).toBe(200);

    const progress = (await t.app.inject({ url: `/api/grievances/${report.id}/progress` })).json<{
      timeline: { type: string; to?: string; note?: string | null }[];
    }>();
    expect(progress.timeline.at(-1)).toMatchObject({
      type: "status",
      to: "resolved",
      note: "Replaced the corroded valve; water is clear again.",
    });
    const detail = (await as({ url: `/api/staff/grievances/${report.id}` })).json<StaffGrievanceDetail>();
    const event = detail.timeline.find((e) => e.kind === "status");
    expect(event).toMatchObject({ actor: "technician", staff_email: null, details: { technicianEmail: TECHNICIAN } });

    // The reporter follows the report: told of the resolution as of any, with the technician's note.
    const mail = (await deliver()).find((m) => m.to.includes("jane.doe@example.org"));
    expect(mail?.subject).toMatch(/Resolved/);
    expect(mail?.decoded).toContain("Replaced the corroded valve");

    // Used: the link says so and changes nothing more.
    const again = await openJob(token);
    expect(again.statusCode).toBe(410);
    expect(again.json<{ message: string }>().message).toMatch(/used/);
    const before = await reportState(report.id);
    expect((await postField(token, "notes", "One more thing")).statusCode).toBe(410);
    expect((await postField(token, "fixed", "Again")).statusCode).toBe(410);
    expect(await reportState(report.id)).toEqual(before);
  });

  it("spends the report's other links too: the job is done", async () => {
    const report = await submitReport();
    const first = await sendLink(report.id);
    const second = await sendLink(report.id, "second.crew@contractor.example");
    expect((await postField(first.token, "fixed", "Done.")).statusCode).toBe(200);
    expect((await openJob(second.token)).statusCode).toBe(410);
  });

  it("refuses a report staff have resolved meanwhile, changing nothing", async () => {
    const report = await submitReport();
    const { token } = await sendLink(report.id);
    const resolved = await as({
      method: "POST",
      url: `/api/staff/grievances/${report.id}/status`,
      payload: { status: "resolved", note: "Fixed by the night shift." },
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    const before = await reportState(report.id);
    const res = await postField(token, "fixed", "Done.", [await jpeg()]);
    expect(res.statusCode).toBe(409);
    expect(await reportState(report.id)).toEqual(before);
    expect((await publicReport(report.id)).after_images).toEqual([]);
  });

  it("happens once when two links mark the same job fixed at the same time", async () => {
    const report = await submitReport();
    const [first, second] = [await sendLink(report.id), await sendLink(report.id, "second.crew@contractor.example")];
    const answers = await Promise.all([
      postField(first.token, "fixed", "Fixed by the first crew."),
      postField(second.token, "fixed", "Fixed by the second crew."),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 410]);
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM grievance_events WHERE grievance_id = $1 AND kind = 'status'",
      [report.id],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it("needs a note: the public note of the resolution", async () => {
    const report = await submitReport();
    const { token } = await sendLink(report.id);
    expect((await postField(token, "fixed", "")).statusCode).toBe(400);
    expect((await reportState(report.id)).status).toBe("pending");
  });
});

describe("the photos after the repair", () => {
  it("are withheld with a report hidden later, and kept by the orphan sweep as the report's", async () => {
    const report = await submitReport();
    const { token } = await sendLink(report.id);
    expect((await postField(token, "fixed", "Done.", [await jpeg()])).statusCode).toBe(200);
    const after = (await publicReport(report.id)).after_images![0]!;
    const key = after.url.split("/").pop()!;

    // The sweep removes only what no row holds, however old: the repair's photos stay.
    await sweepOrphans(t.db, new LocalImageStore(t.storageDir), 0);
    expect((await t.app.inject({ url: after.url })).statusCode).toBe(200);
    expect((await t.app.inject({ url: after.thumbnailUrl })).statusCode).toBe(200);

    const hidden = await as({
      method: "POST",
      url: `/api/staff/grievances/${report.id}/hide`,
      payload: { reason: "Personal data in the photo." },
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await t.app.inject({ url: `/media/grievance-images/${key}` })).statusCode).toBe(404);
  });
});
