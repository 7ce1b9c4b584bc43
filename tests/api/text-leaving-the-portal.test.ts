import { parse } from "csv-parse/sync";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApiKey } from "#server/admin/api-key-repository.ts";
import { MESSAGES } from "#shared/messages.ts";
import { atomSchemaProblems, capSchemaProblems, wellFormednessProblems } from "../support/xml-schemas.ts";
import { addStaff, seedGrievance, staffClient } from "./staff/staff-helpers.ts";
import { countRows, createTestApp, postGrievance, validFields, type TestApp } from "./test-app.ts";

// Text that cannot leave the portal safely (docs/api-conventions.md). Characters XML 1.0 cannot carry are refused
// at the door with a message naming the field; rows that hold them anyway (stored before, or by other means) still make
// well-formed feeds and documents, valid against the official schemas; CSV quotes every line break; bidirectional
// controls do not reach the CSV or the feeds.

const VT = "\u000b"; // vertical tab: a C0 control XML 1.0 forbids
const NONCHARACTER = "\ufffe";
const RLO = "\u202e"; // right-to-left override

let t: TestApp;
let as: Awaited<ReturnType<typeof staffClient>>;
let apiKey: string;
const ids: Record<string, string> = {};

const get = (url: string) => t.app.inject({ method: "GET", url });
const count = async (sql: string) => Number((await t.db.query<{ n: string }>(sql)).rows[0]!.n);

beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: "https://water.example.org" } });
  const staff = await addStaff(t.db);
  as = await staffClient(t.app);
  apiKey = (await createApiKey(t.db, "Work orders", staff.id)).key;

  // Stored as they are, as rows written before the door was closed would be.
  ids.report = await seedGrievance(t.db, {
    title: `Pipe${VT} burst${NONCHARACTER} on Elm ${RLO}Street`,
    category: "Leakage Issues",
  });
  await t.db.query(
    "UPDATE grievances SET description = $2, location = $3, created_at = now() - interval '2 hours' WHERE id = $1",
    [ids.report, `Water everywhere${VT}\nsince\u0001 Monday`, `Elm${NONCHARACTER} Street`],
  );
  await t.db.query(
    `INSERT INTO grievance_events (grievance_id, kind, from_status, to_status, note, staff_id, at)
     VALUES ($1, 'status', 'pending', 'in-progress', $2, $3, now() - interval '1 hour')`,
    [ids.report, `Crew${VT} sent${NONCHARACTER}`, staff.id],
  );
  await t.db.query("UPDATE grievances SET status = 'in-progress' WHERE id = $1", [ids.report]);
  await t.db.query("UPDATE categories SET description = $1 WHERE key = 'Leakage Issues'", [
    `Leaks${VT} and bursts${NONCHARACTER}`,
  ]);
  const incident = await t.db.query<{ id: string }>(
    `INSERT INTO incidents (type, severity, title, message, instructions, localities, starts_at)
     VALUES ('boil-water', 'severe', $1, $2, $3, $4, now() - interval '1 hour') RETURNING id::text`,
    [`Boil${VT} water${NONCHARACTER}`, `E. coli${VT} found`, `Boil${NONCHARACTER} it`, [`Kibera${VT}`]],
  );
  ids.incident = incident.rows[0]!.id;
  await t.db.query("INSERT INTO incident_updates (incident_id, message) VALUES ($1, $2)", [
    ids.incident,
    `Tankers${VT} here${NONCHARACTER}`,
  ]);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe("text XML cannot carry is refused at the door, with the field's name, and nothing is stored", () => {
  it.each([
    ["title", "Issue Title"],
    ["description", "Detailed Description"],
    ["location", "Location"],
  ])("the report form's %s", async (field, label) => {
    const before = await countRows(t.db);
    for (const bad of [VT, NONCHARACTER, "\u0001", "\uffff", "\u001f"]) {
      const value = `${validFields[field as keyof typeof validFields]}`.replace(" ", ` ${bad}`);
      const response = await postGrievance(t.app, { ...validFields, [field]: value });
      expect(response.statusCode, JSON.stringify(bad)).toBe(400);
      expect(response.json()).toMatchObject({
        message: MESSAGES.invalidCharacters(label),
        fieldErrors: { [field]: MESSAGES.invalidCharacters(label) },
      });
    }
    expect(await countRows(t.db)).toBe(before);
  });

  it("a staff member's public note", async () => {
    const id = await seedGrievance(t.db, { title: "Quiet report" });
    const response = await as({
      method: "POST",
      url: `/api/staff/grievances/${id}/status`,
      payload: { status: "in-progress", note: `On${VT} our way` },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      fieldErrors: {
        note: "Public note contains invisible or broken characters that cannot be saved. Please retype it.",
      },
    });
    // In the reader's language, the field named as the French console names it.
    const french = await as({
      method: "POST",
      url: `/api/staff/grievances/${id}/status`,
      headers: { "accept-language": "fr" },
      payload: { status: "in-progress", note: `On${VT} our way` },
    });
    expect(french.statusCode).toBe(400);
    expect(french.json<{ message: string }>().message).toMatch(
      /^Le champ « Note publique » contient des caractères invisibles/,
    );
    expect(await count(`SELECT count(*) AS n FROM grievance_events WHERE grievance_id = '${id}'`)).toBe(0);
    expect((await t.db.query("SELECT status FROM grievances WHERE id = $1", [id])).rows[0]).toEqual({
      status: "pending",
    });
  });

  it("an incident's message, title and update", async () => {
    const before = await count("SELECT count(*) AS n FROM incidents");
    const declaration = {
      type: "boil-water",
      severity: "severe",
      title: "Boil water in Kilimani",
      message: "A treatment fault.",
      instructions: "Boil all drinking water.",
      area: null,
      localities: ["Kilimani"],
      startsAt: new Date(Date.now() - 3_600_000).toISOString(),
      expectedRestorationAt: null,
    };
    for (const [field, label] of [
      ["message", "Public message"],
      ["title", "Title"],
      ["instructions", "Instructions"],
    ] as const) {
      const response = await as({
        method: "POST",
        url: "/api/staff/incidents",
        payload: { ...declaration, [field]: `A${VT}B` },
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ fieldErrors: { [field]: MESSAGES.invalidCharacters(label) } });
    }
    expect(await count("SELECT count(*) AS n FROM incidents")).toBe(before);
    const updates = await count("SELECT count(*) AS n FROM incident_updates");
    const update = await as({
      method: "POST",
      url: `/api/staff/incidents/${ids.incident}/updates`,
      payload: { message: `More${VT} tankers` },
    });
    expect(update.statusCode, update.body).toBe(400);
    expect(update.json()).toMatchObject({
      fieldErrors: { message: MESSAGES.invalidCharacters("Update for the public") },
    });
    expect(await count("SELECT count(*) AS n FROM incident_updates")).toBe(updates);
  });

  it("an Open311 POST's description", async () => {
    const before = await countRows(t.db);
    const response = await t.app.inject({
      method: "POST",
      url: "/open311/v2/requests.json",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: new URLSearchParams({
        api_key: apiKey,
        service_code: "leakage",
        address_string: "Elm Street 12",
        description: `Burst${VT} main`,
      }).toString(),
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual([
      { code: 400, description: expect.stringMatching(/invisible or broken characters/) },
    ]);
    expect(await countRows(t.db)).toBe(before);
  });
});

describe("a stored row holding such characters still makes well-formed documents, valid against the official schemas", () => {
  const xml = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: "",
    parseTagValue: false,
    isArray: (name) => ["entry", "request", "service"].includes(name),
  });

  it("/feeds/grievances.atom", async () => {
    const response = await get("/feeds/grievances.atom");
    expect(response.statusCode).toBe(200);
    expect(atomSchemaProblems([response.body])).toBe("");
    const titles = (xml.parse(response.body).feed.entry as { title: string }[]).map((entry) => entry.title);
    expect(titles).toContain("New report: Pipe burst on Elm Street");
    expect(response.body).toContain("Crew sent");
    expect(response.body).not.toContain(RLO);
  });

  it("/feeds/incidents.atom and /incidents/{id}.cap.xml", async () => {
    const feed = await get("/feeds/incidents.atom");
    expect(feed.statusCode).toBe(200);
    expect(atomSchemaProblems([feed.body])).toBe("");
    expect(feed.body).toContain("Boil water");
    const cap = await get(`/incidents/${ids.incident}.cap.xml`);
    expect(cap.statusCode).toBe(200);
    expect(capSchemaProblems([cap.body])).toBe("");
    expect(xml.parse(cap.body).alert.info).toMatchObject({ headline: "Boil water", instruction: "Boil it" });
  });

  it("/open311/v2/requests.xml, requests/{id}.xml and services.xml", async () => {
    const list = await get("/open311/v2/requests.xml");
    const reference = (
      await t.db.query<{ reference: string }>("SELECT reference FROM grievances WHERE id = $1", [ids.report])
    ).rows[0]!.reference;
    const one = await get(`/open311/v2/requests/${reference}.xml`);
    const services = await get("/open311/v2/services.xml");
    for (const response of [list, one, services]) expect(response.statusCode, response.body).toBe(200);
    expect(wellFormednessProblems([list.body, one.body, services.body])).toBe("");
    const request = (xml.parse(one.body).service_requests.request as Record<string, string>[])[0]!;
    expect(request).toMatchObject({
      description: "Water everywhere\nsince Monday",
      address: "Elm Street",
      status_notes: "Crew sent",
    });
    const leakage = (xml.parse(services.body).services.service as Record<string, string>[]).find(
      (s) => s.service_code === "leakage",
    );
    expect(leakage?.description).toBe("Leaks and bursts");
  });

  it("and the checks themselves refuse what the standards forbid, so that they can fail", () => {
    const feed = `<?xml version="1.0"?><feed xmlns="http://www.w3.org/2005/Atom"><title>x</title></feed>`;
    expect(atomSchemaProblems([feed])).not.toBe("");
    expect(wellFormednessProblems([`<a>${VT}</a>`])).not.toBe("");
  });
});

describe("CSV", () => {
  it("quotes every value holding a line break, so that a strict parser reads each record whole; no bidirectional control leaves", async () => {
    const id = await seedGrievance(t.db, { title: `Bare${RLO} LF` });
    await t.db.query("UPDATE grievances SET description = $2, location = $3 WHERE id = $1", [
      id,
      "first line\nsecond line",
      "lone\rreturn",
    ]);
    const response = await get("/api/grievances.csv");
    expect(response.statusCode).toBe(200);
    const records = parse(response.body, {
      bom: true,
      columns: true,
      relax_quotes: false,
      relax_column_count: false,
      skip_empty_lines: false,
    }) as Record<string, string>[];
    expect(records).toHaveLength(await count("SELECT count(*) AS n FROM grievances WHERE hidden_at IS NULL"));
    const row = records.find((record) => record.title === "Bare LF");
    expect(row).toMatchObject({ description: "first line\nsecond line", location: "lone\rreturn" });
    expect(response.body).not.toContain(RLO);
  });
});
