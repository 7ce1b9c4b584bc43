import type { InjectOptions, LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "#server/admin/api-key-repository.ts";
import { maskPhone } from "#shared/format.ts";
import type { StaffGrievanceDetail } from "#shared/staff/staff-api.ts";
import { createTestApp, postGrievance, validFields, type TestApp } from "./test-app.ts";
import { SQUARE } from "./incidents-support.ts";
import { addStaff, staffClient } from "./staff/staff-helpers.ts";
import { TEST_SMS } from "./staff/sms-support.ts";

// A report sent by SMS keeps its sender's number private (docs/decisions/041-sms-for-staff.md): the number is the
// channel itself, so not even the masked form a web report shows. One SMS report, placed and worked on like any other,
// goes through everything a resident, a feed reader or an Open311 client can see, and none of it holds the number, its
// digits written any usual way, or its mask. Each output is first shown to carry the report itself, so that an empty
// answer cannot pass for a clean one; a web report's masked number still shows, so the check can see a number.

const PHONE = "+254712345678";
const LEAKS = ["254712345678", "712345678", "0712 345 678", "712 345 678", "0712345678", maskPhone(PHONE)];
const WEB_PHONE = "+1 555 010 4455";
const PUBLIC_NOTE = "A crew replaced the pipe.";
const HOST = "water.example.org";

let t: TestApp;
let as: (options: InjectOptions) => Promise<LightMyRequestResponse>;
let id: string;
let reference: string;
let token: string;
let incidentId: string;
let apiKey: string;

const get = (url: string) => t.app.inject({ method: "GET", url, headers: { host: HOST } });
const w3c = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: `https://${HOST}`, sms: TEST_SMS } });
  const staff = await addStaff(t.db);
  apiKey = (await createApiKey(t.db, "Work orders", staff.id)).key;
  as = await staffClient(t.app);

  // As the SMS channel stores a report: the sender's words, their number in E.164, no pin, channel 'sms'.
  const submitted = await postGrievance(t.app, {
    ...validFields,
    title: "No water at Kibera market",
    description: "The tap at the market has been dry for two days.",
    user_email: "",
    user_phone: PHONE,
  });
  expect(submitted.statusCode, submitted.body).toBe(201);
  ({ id, reference } = submitted.json<{ id: string; reference: string }>());
  token = new URL(submitted.json<{ trackingUrl: string }>().trackingUrl).pathname.replace(/^\/track\//, "");
  await t.db.query("UPDATE grievances SET channel = 'sms', sms_updates = true WHERE id = $1", [id]);
  // A web report with a number of its own, whose mask the public does see.
  expect((await postGrievance(t.app, { ...validFields, user_phone: WEB_PHONE })).statusCode).toBe(201);

  // Staff place it, write to the sender, and work it to resolved; it joins an incident.
  expect(
    (
      await as({
        method: "POST",
        url: `/api/staff/grievances/${id}/location`,
        payload: { latitude: -1.285, longitude: 36.815 },
      })
    ).statusCode,
  ).toBe(200);
  expect(
    (await as({ method: "POST", url: `/api/staff/grievances/${id}/sms`, payload: { text: "A crew is coming." } }))
      .statusCode,
  ).toBe(201);
  for (const [status, note] of [
    ["in-progress", "A crew is on its way."],
    ["resolved", PUBLIC_NOTE],
  ]) {
    const res = await as({ method: "POST", url: `/api/staff/grievances/${id}/status`, payload: { status, note } });
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

/** The answer carries the report (`shows`) and nothing of its sender's number. */
function expectClean(res: LightMyRequestResponse, shows: string) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.body).toContain(shows);
  const digitsOnly = res.body.replace(/[\s().-]/g, "");
  for (const leak of LEAKS) {
    expect(res.body, leak).not.toContain(leak);
    expect(digitsOnly, leak).not.toContain(leak.replace(/\s/g, ""));
  }
}

describe("an SMS sender's number stays private", () => {
  it("is in the staff view in full, with its conversation", async () => {
    const detail = (await as({ method: "GET", url: `/api/staff/grievances/${id}` })).json<StaffGrievanceDetail>();
    expect(detail.user_phone).toBe(PHONE);
    expect(detail.channel).toBe("sms");
    expect(detail.sms.messages.map((m) => m.phone)).toContain(PHONE);
  });

  it("not in the public list, its search or the map; a web report's number is masked there as before", async () => {
    const list = await get("/api/grievances");
    expectClean(list, reference);
    const items = list.json<{ items: { reference: string; user_phone: string | null }[] }>().items;
    expect(items.find((item) => item.reference === reference)?.user_phone).toBeNull();
    expect(items.map((item) => item.user_phone)).toContain(maskPhone(WEB_PHONE));
    expectClean(await get("/api/grievances?q=Kibera"), reference);
    for (const query of ["712345678", "254712345678", "0712345678"]) {
      const res = await get(`/api/grievances?q=${query}`);
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain(reference);
    }
    expectClean(await get("/api/grievances/map?bbox=36.8,-1.3,36.83,-1.27"), id);
  });

  it("not in the public report, its timeline, or the tracking page", async () => {
    expectClean(await get(`/api/grievances/${id}`), reference);
    expectClean(await get(`/api/grievances/${id}/progress`), PUBLIC_NOTE);
    expectClean(await get(`/api/track/${token}`), PUBLIC_NOTE);
  });

  it("not in the Atom feed or the CSV export", async () => {
    expectClean(await get("/feeds/grievances.atom"), reference);
    expectClean(await get("/api/grievances.csv"), reference);
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
});
