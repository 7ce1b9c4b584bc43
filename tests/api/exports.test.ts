import { parse } from "csv-parse/sync";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { atomSchemaProblems } from "../support/xml-schemas.ts";
import { createTestApp, postGrievance, validFields, type TestApp } from "./test-app.ts";

// CSV and Atom of the public list's filter (docs/integrators.md): parsed back, as a spreadsheet or a feed reader
// would read them.

let t: TestApp;
let staffId: string;
const ids: Record<string, string> = {};

async function submit(fields: Record<string, string>): Promise<string> {
  const response = await postGrievance(t.app, { ...validFields, ...fields });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { id: string }).id;
}

const csvOf = async (query = "") => {
  const response = await t.app.inject({ method: "GET", url: `/api/grievances.csv${query}` });
  expect(response.statusCode, response.body).toBe(200);
  return { response, rows: parse(response.body, { bom: true, columns: true }) as Record<string, string>[] };
};

const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  isArray: (name) => ["entry", "link"].includes(name),
});
// Every feed these tests read, validated at the end against RFC 4287's Atom schema (tests/support/xml-schemas.ts).
const feeds: string[] = [];
const feedOf = async (query = "") => {
  const response = await t.app.inject({ method: "GET", url: `/feeds/grievances.atom${query}` });
  expect(response.statusCode, response.body).toBe(200);
  feeds.push(response.body);
  return { response, feed: xml.parse(response.body).feed };
};

beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: "https://water.example.org" } });
  staffId = (
    await t.db.query<{ id: string }>(
      "INSERT INTO staff_accounts (email, password_hash) VALUES ('op@example.org', 'x') RETURNING id",
    )
  ).rows[0]!.id;
  ids.tricky = await submit({
    title: '=HYPERLINK("http://evil.example","click") & <b>bold</b>',
    description: 'Line one, with a comma\nline two with "quotes"\r\n+SUM(A1:A2)',
    location: "@Elm Street",
    category: "Sanitation Issues",
    latitude: "-1.292066",
    longitude: "36.821946",
  });
  ids.plain = await submit({
    title: "Leaking valve – Žižkov 水",
    category: "Leakage Issues",
    location: "-5 Main Road",
  });
  ids.hidden = await submit({ title: "Hidden one", category: "Leakage Issues" });
  await t.db.query("UPDATE grievances SET hidden_at = now(), hidden_reason = 'Abuse' WHERE id = $1", [ids.hidden]);
  await t.db.query("UPDATE grievances SET status = 'in-progress' WHERE id = $1", [ids.plain]);
  await t.db.query(
    `INSERT INTO grievance_events (grievance_id, kind, from_status, to_status, note, staff_id)
     VALUES ($1, 'status', 'pending', 'in-progress', 'Crew sent & on site.', $2)`,
    [ids.plain, staffId],
  );
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe("GET /api/grievances.csv", () => {
  it("downloads every public report, newest first, readable back cell for cell, formulas neutralised", async () => {
    const { response, rows } = await csvOf();
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="reports-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(
      response.body.startsWith(
        "\uFEFFreference,title,description,category,priority,status,location,latitude,longitude,people_affected,reported_at,last_updated_at,url,wpdx_id\r\n",
      ),
    ).toBe(true);
    expect(rows.map((row) => row.title)).toEqual([
      "Leaking valve – Žižkov 水",
      `'=HYPERLINK("http://evil.example","click") & <b>bold</b>`,
    ]);
    const [plain, tricky] = rows as [Record<string, string>, Record<string, string>];
    const stored = await t.db.query<{ description: string }>("SELECT description FROM grievances WHERE id = $1", [
      ids.tricky,
    ]);
    expect(stored.rows[0]!.description).toMatch(
      /^Line one, with a comma\r?\nline two with "quotes"\r?\n\+SUM\(A1:A2\)$/,
    );
    expect(tricky.description).toBe(stored.rows[0]!.description);
    expect(tricky.location).toBe("'@Elm Street");
    expect(plain.location).toBe("'-5 Main Road");
    expect(tricky).toMatchObject({
      category: "Sanitation Issues",
      priority: "high",
      status: "pending",
      latitude: "-1.292066",
      longitude: "36.821946",
      people_affected: "1",
    });
    expect(tricky.url).toBe(`https://water.example.org/grievance/${ids.tricky}`);
    expect(tricky.reference).toMatch(/^WS-/);
    expect(Date.parse(plain.last_updated_at!)).toBeGreaterThanOrEqual(Date.parse(plain.reported_at!));
    expect(plain.latitude).toBe("");
    // Contact details never leave, masked or not; hidden reports never appear.
    expect(response.body).not.toMatch(/jane|j•••|700\D?123|123\D?489|•••/);
    expect(response.body).not.toContain("Hidden one");
  });

  it("applies the list's filters, and refuses a bad one with a message", async () => {
    expect((await csvOf("?category=Leakage%20Issues")).rows.map((row) => row.title)).toEqual([
      "Leaking valve – Žižkov 水",
    ]);
    expect((await csvOf("?status=pending")).rows).toHaveLength(1);
    expect((await csvOf("?q=valve")).rows.map((row) => row.title)).toEqual(["Leaking valve – Žižkov 水"]);
    expect((await csvOf("?bbox=36.8,-1.3,36.9,-1.2")).rows).toHaveLength(1);
    const bad = await t.app.inject({ method: "GET", url: "/api/grievances.csv?status=lost" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(expect.any(String));
  });

  it("reads the reports in batches, so that thousands stream out in order without repeats", async () => {
    await t.db.query(
      `INSERT INTO grievances (title, description, category, created_at, reference)
       SELECT 'Bulk ' || n, 'Same moment, many reports.', 'Other', timestamptz '2026-01-01 00:00:00.123456' + (n % 3) * interval '1 microsecond',
              'WS-' || translate(lpad(n::text, 6, 'Z'), '01', 'AB')
         FROM generate_series(1, 2500) AS n`,
    );
    const { rows } = await csvOf("?category=Other");
    expect(rows).toHaveLength(2500);
    expect(new Set(rows.map((row) => row.reference)).size).toBe(2500);
  });
});

describe("GET /feeds/grievances.atom", () => {
  it("lists new reports and status changes, newest first, with the elements Atom requires, escaped", async () => {
    const { response, feed } = await feedOf();
    expect(response.headers["content-type"]).toBe("application/atom+xml; charset=utf-8");
    expect(feed.xmlns).toBe("http://www.w3.org/2005/Atom");
    expect(feed.id).toBe("https://water.example.org/feeds/grievances.atom");
    expect(feed.title).toBe("Water and sanitation reports");
    expect(Date.parse(feed.updated)).not.toBeNaN();
    expect(feed.author.name).toBe("Clean Water & Sanitation Grievance Portal");
    expect(feed.link).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rel: "self", href: "https://water.example.org/feeds/grievances.atom" }),
        expect.objectContaining({ rel: "alternate", href: "https://water.example.org/grievances" }),
      ]),
    );
    const titles = feed.entry.map((entry: { title: string }) => entry.title);
    expect(titles).toContain("Leaking valve – Žižkov 水: now In progress");
    expect(titles).toContain('New report: =HYPERLINK("http://evil.example","click") & <b>bold</b>');
    expect(titles.join()).not.toContain("Hidden one");
    expect(response.body).toContain("&lt;b&gt;bold&lt;/b&gt;");
    for (const entry of feed.entry) {
      expect(entry.id).toMatch(/^https:\/\/water\.example\.org\/grievance\//);
      expect(Date.parse(entry.updated)).not.toBeNaN();
      expect(entry.link[0].href).toMatch(/^https:\/\/water\.example\.org\/grievance\//);
    }
    const times = feed.entry.map((entry: { updated: string }) => Date.parse(entry.updated));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(new Set(feed.entry.map((entry: { id: string }) => entry.id)).size).toBe(feed.entry.length);
    const change = feed.entry.find((entry: { title: string }) => entry.title.endsWith("now In progress"));
    expect(change.summary["#text"]).toContain("Crew sent & on site.");
  });

  it("follows the filter in its entries, title and links", async () => {
    const { feed } = await feedOf("?status=in-progress&category=Leakage%20Issues");
    expect(feed.title).toBe("Water and sanitation reports: Leakage Issues, In progress");
    expect(feed.id).toBe("https://water.example.org/feeds/grievances.atom?category=Leakage+Issues&status=in-progress");
    expect(feed.entry.every((entry: { title: string }) => entry.title.includes("Leaking valve"))).toBe(true);
    expect(feed.entry).toHaveLength(2);
    const empty = await feedOf("?q=nothingmatchesthis");
    expect(empty.feed.entry).toBeUndefined();
    expect(empty.feed.updated).toBe("1970-01-01T00:00:00.000Z");
  });
});

describe("the official schema", () => {
  it("every feed above is valid against RFC 4287's Atom schema", () => {
    expect(feeds.length).toBeGreaterThan(0);
    expect(atomSchemaProblems(feeds)).toBe("");
  });
});
