import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "#server/admin/api-key-repository.ts";
import type { StaffGrievanceDetail } from "#shared/staff/staff-api.ts";
import { makeJpeg } from "../fixtures/images.ts";
import { createTestApp, multipart, postGrievance, validFields, type TestApp } from "./test-app.ts";
import { SQUARE } from "./incidents-support.ts";
import { addStaff, staffClient, STAFF_EMAIL } from "./staff/staff-helpers.ts";

// Internal notes never leave the console (docs/decisions/032-internal-notes-stay-inside.md): one report with
// internal notes (one with a photo) goes through everything a resident, a feed reader or an Open311 client can see,
// and through the e-mail residents are sent, and none of it holds the notes' words or the photo's keys. Each output
// is first shown to carry the report itself, so that an empty answer cannot pass for a clean one.

const SECRET = "Quarrelsomevalve";
const SECRET_TOO = "Xylophonemanhole";
const PUBLIC_NOTE = "A crew replaced the pipe.";
const HOST = "water.example.org";

let t: TestApp;
let as: (options: InjectOptions) => Promise<LightMyRequestResponse>;
let id: string;
let reference: string;
let token: string;
let incidentId: string;
let apiKey: string;
let photoKeys: string[];

const get = (url: string) => t.app.inject({ method: "GET", url, headers: { host: HOST } });
const w3c = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: `https://${HOST}` } });
  const staff = await addStaff(t.db);
  apiKey = (await createApiKey(t.db, "Work orders", staff.id)).key;
  as = await staffClient(t.app);

  const submitted = await postGrievance(t.app, { ...validFields, latitude: "-1.285", longitude: "36.815" });
  expect(submitted.statusCode, submitted.body).toBe(201);
  ({ id, reference } = submitted.json<{ id: string; reference: string }>());
  token = new URL(submitted.json<{ trackingUrl: string }>().trackingUrl).pathname.replace(/^\/track\//, "");
  // Someone else follows it too (confirmed), so the status change goes to two residents.
  await t.db.query(
    "INSERT INTO followers (grievance_id, email, is_reporter, confirmed_at, locale) VALUES ($1, 'n@example.org', false, now(), 'fr')",
    [id],
  );

  const note = await as({
    method: "POST",
    url: `/api/staff/grievances/${id}/internal-notes`,
    payload: { text: `Valve ${SECRET} is stuck` },
  });
  expect(note.statusCode, note.body).toBe(201);
  const withPhoto = await as({
    method: "POST",
    url: `/api/staff/grievances/${id}/internal-notes/with-photos`,
    ...(await multipart({ text: `Manhole ${SECRET_TOO}` }, [
      { filename: "m.jpg", bytes: await makeJpeg(), type: "image/jpeg" },
    ])),
  });
  expect(withPhoto.statusCode, withPhoto.body).toBe(201);
  const detail = withPhoto.json<StaffGrievanceDetail>();
  expect(detail.internalNotes.map((n) => n.text)).toEqual([`Valve ${SECRET} is stuck`, `Manhole ${SECRET_TOO}`]);
  const { rows } = await t.db.query<{ images: { key: string; thumbnailKey: string; mediumKey?: string }[] }>(
    "SELECT images FROM internal_notes WHERE jsonb_array_length(images) > 0",
  );
  photoKeys = rows.flatMap((r) =>
    r.images.flatMap((i) => [i.key, i.thumbnailKey, ...(i.mediumKey ? [i.mediumKey] : [])]),
  );
  expect(photoKeys.length).toBeGreaterThanOrEqual(2);

  // Its life goes on: status changes with public notes, an incident it is part of.
  for (const [status, text] of [
    ["in-progress", "A crew is on its way."],
    ["resolved", PUBLIC_NOTE],
  ]) {
    const res = await as({
      method: "POST",
      url: `/api/staff/grievances/${id}/status`,
      payload: { status, note: text },
    });
    expect(res.statusCode, res.body).toBe(200);
  }
  const incident = await as({
    method: "POST",
    url: "/api/staff/incidents",
    payload: {
      type: "supply-interruption",
      severity: "severe",
      title: "Burst main in Kilimani",
      message: "A main burst.",
      instructions: "Store water.",
      area: SQUARE,
      localities: ["Kilimani"],
      startsAt: new Date(Date.now() - 3_600_000).toISOString(),
      expectedRestorationAt: null,
    },
  });
  expect(incident.statusCode, incident.body).toBe(201);
  incidentId = incident.json<{ id: string }>().id;
  const linked = await as({
    method: "POST",
    url: `/api/staff/incidents/${incidentId}/reports`,
    payload: { grievanceIds: [id] },
  });
  expect(linked.statusCode, linked.body).toBe(200);
});
afterAll(() => t.close());

/** The answer carries the report (`shows`) and nothing of its internal notes. */
function expectClean(res: LightMyRequestResponse, shows: string) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.body).toContain(shows);
  for (const leak of [SECRET, SECRET_TOO, ...photoKeys]) expect(res.body).not.toContain(leak);
  expect(res.body.toLowerCase()).not.toContain(SECRET.toLowerCase());
}

describe("internal notes stay inside", () => {
  it("are in the staff view, oldest first, with their author and staff-only photo addresses", async () => {
    const res = await as({ method: "GET", url: `/api/staff/grievances/${id}` });
    const notes = res.json<StaffGrievanceDetail>().internalNotes;
    expect(notes.map((n) => [n.text, n.author])).toEqual([
      [`Valve ${SECRET} is stuck`, { kind: "staff", email: STAFF_EMAIL }],
      [`Manhole ${SECRET_TOO}`, { kind: "staff", email: STAFF_EMAIL }],
    ]);
    expect(notes[1]!.images[0]!.url).toMatch(/^\/api\/staff\/media\/grievance-images\//);
  });

  it("not in the public list, nor its search: a word only in a note matches nothing", async () => {
    expectClean(await get("/api/grievances"), reference);
    expectClean(await get(`/api/grievances?q=${encodeURIComponent(validFields.title.split(" ")[0]!)}`), reference);
    for (const word of [SECRET, SECRET_TOO, SECRET.toLowerCase()]) {
      const res = await get(`/api/grievances?q=${word}`);
      expect(res.statusCode).toBe(200);
      expect(res.json<{ items: unknown[] }>().items).toEqual([]);
      expect(res.body).not.toContain(reference);
    }
    expectClean(await get("/api/grievances/map?bbox=36.8,-1.3,36.83,-1.27"), id);
  });

  it("not in the public report, its timeline, or the reporter's tracking page", async () => {
    expectClean(await get(`/api/grievances/${id}`), reference);
    expectClean(await get(`/api/grievances/${id}/progress`), PUBLIC_NOTE);
    expectClean(await get(`/api/track/${token}`), PUBLIC_NOTE);
  });

  it("not in the Atom feed or the CSV export", async () => {
    expectClean(await get("/feeds/grievances.atom"), reference);
    expectClean(await get("/api/grievances.csv"), reference);
    expectClean(await get(`/api/grievances.csv?q=${SECRET}`), "reference");
    expect((await get(`/api/grievances.csv?q=${SECRET}`)).body).not.toContain(reference);
  });

  it("not in Open311's requests or request updates, JSON or XML", async () => {
    for (const format of ["json", "xml"]) {
      expectClean(await get(`/open311/v2/requests.${format}`), reference);
      expectClean(await get(`/open311/v2/requests/${reference}.${format}`), reference);
      const query = new URLSearchParams({
        api_key: apiKey,
        start_date: w3c(Date.now() - 3_600_000),
        end_date: w3c(Date.now() + 60_000),
      });
      expectClean(await get(`/open311/v2/servicerequestupdates.${format}?${query}`), PUBLIC_NOTE);
    }
  });

  it("not in the incident's pages, CAP alert or feed", async () => {
    expectClean(await get("/api/incidents"), "Burst main in Kilimani");
    expectClean(await get(`/api/incidents/${incidentId}`), "Burst main in Kilimani");
    expectClean(await get(`/incidents/${incidentId}.cap.xml`), "Burst main in Kilimani");
    expectClean(await get("/feeds/incidents.atom"), "Burst main in Kilimani");
  });

  it("not in any e-mail to residents: the receipt and every status change's message", async () => {
    const { rows } = await t.db.query<{
      kind: string;
      recipient: string;
      subject: string;
      text_body: string;
      html_body: string;
    }>(
      "SELECT kind, recipient, subject, text_body, html_body FROM outbox WHERE kind IN ('receipt', 'confirm', 'update')",
    );
    expect(rows.filter((r) => r.kind === "update").length).toBeGreaterThanOrEqual(3);
    for (const row of rows) {
      const whole = `${row.subject}\n${row.text_body}\n${row.html_body}`;
      expect(whole).toContain(reference);
      for (const leak of [SECRET, SECRET_TOO, ...photoKeys]) expect(whole).not.toContain(leak);
    }
  });

  it("its photos are served to signed-in staff only", async () => {
    for (const key of photoKeys) {
      expect((await get(`/media/grievance-images/${key}`)).statusCode).toBe(404);
      const staffOnly = await as({ method: "GET", url: `/api/staff/media/grievance-images/${key}` });
      expect(staffOnly.statusCode).toBe(200);
      expect(staffOnly.headers["content-type"]).toMatch(/^image\//);
    }
  });
});
