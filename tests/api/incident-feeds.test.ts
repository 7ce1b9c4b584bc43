import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { atomSchemaProblems, capSchemaProblems } from "../support/xml-schemas.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

// The incidents for alert aggregators (decision 021): each incident as a CAP 1.2 document at /incidents/:id.cap.xml,
// and the Atom feed of the active and recently closed ones, read back as an aggregator and a feed reader would.

let t: TestApp;
const ids: Record<string, string> = {};

async function insertIncident(values: Record<string, unknown>): Promise<string> {
  const columns = Object.keys(values);
  const { rows } = await t.db.query<{ id: string }>(
    `INSERT INTO incidents (${columns.join(", ")}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(", ")}) RETURNING id::text`,
    Object.values(values),
  );
  return rows[0]!.id;
}

const base = {
  type: "boil-water",
  severity: "severe",
  message: "E. coli & coliforms found.",
  instructions: "Boil water for one minute.",
};
const xml = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "",
  parseTagValue: false,
  isArray: (name) => ["entry", "link"].includes(name),
});

// Every CAP document and Atom feed these tests read, validated at the end against the official schemas.
const fetched = { cap: [] as string[], atom: [] as string[] };
const get = async (url: string) => {
  const response = await t.app.inject({ method: "GET", url });
  if (response.statusCode === 200 && url.endsWith(".cap.xml")) fetched.cap.push(response.body);
  if (response.statusCode === 200 && url.startsWith("/feeds/")) fetched.atom.push(response.body);
  return response;
};

beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: "https://water.example.org" } });
  ids.active = await insertIncident({
    ...base,
    title: "Boil water <Kibera> north",
    area: JSON.stringify({
      type: "Polygon",
      coordinates: [
        [
          [36.78, -1.31],
          [36.8, -1.31],
          [36.8, -1.29],
          [36.78, -1.31],
        ],
      ],
    }),
    starts_at: "2026-11-24T09:00:00Z",
    declared_at: "2026-11-24T10:15:00Z",
    updated_at: "2026-11-24T12:00:00Z",
  });
  await t.db.query(
    "INSERT INTO incident_updates (incident_id, message, created_at) VALUES ($1, 'Tankers at the school.', '2026-11-24T12:00:00Z')",
    [ids.active],
  );
  ids.closed = await insertIncident({
    ...base,
    type: "supply-interruption",
    title: "Main burst on Ngong Road",
    localities: ["Ngong Road", "Adams Arcade"],
    starts_at: "2026-11-20T06:00:00Z",
    declared_at: "2026-11-20T06:30:00Z",
    updated_at: "2026-11-20T18:00:00Z",
    closed_at: new Date(Date.now() - 2 * 86_400_000).toISOString(),
    final_message: "Supply is back.",
  });
  ids.old = await insertIncident({
    ...base,
    title: "Closed long ago",
    localities: ["Westlands"],
    starts_at: "2025-01-01T00:00:00Z",
    closed_at: "2025-01-02T00:00:00Z",
    final_message: "Done.",
  });
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe("GET /incidents/:id.cap.xml", () => {
  it("answers the incident's CAP 1.2 document: an Update after an update, with its polygon", async () => {
    const response = await get(`/incidents/${ids.active}.cap.xml`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("application/cap+xml; charset=utf-8");
    const alert = xml.parse(response.body).alert;
    expect(alert.xmlns).toBe("urn:oasis:names:tc:emergency:cap:1.2");
    expect(alert).toMatchObject({
      identifier: `water.example.org:incident:${ids.active}:20261124T120000.000Z`,
      sender: "water.example.org",
      sent: "2026-11-24T12:00:00-00:00",
      msgType: "Update",
      references: `water.example.org,water.example.org:incident:${ids.active}:20261124T101500.000Z,2026-11-24T10:15:00-00:00`,
    });
    expect(alert.info).toMatchObject({
      headline: "Boil water <Kibera> north",
      description: "E. coli & coliforms found.\n\nUpdate (2026-11-24T12:00:00-00:00): Tankers at the school.",
      web: `https://water.example.org/incidents/${ids.active}`,
      area: { areaDesc: "Boil water <Kibera> north", polygon: "-1.31,36.78 -1.31,36.8 -1.29,36.8 -1.31,36.78" },
    });
  });

  it("answers a closed incident's all-clear, its localities as the area", async () => {
    const alert = xml.parse((await get(`/incidents/${ids.closed}.cap.xml`)).body).alert;
    expect(alert.info).toMatchObject({
      responseType: "AllClear",
      urgency: "Past",
      instruction: "Supply is back.",
      area: { areaDesc: "Ngong Road, Adams Arcade" },
    });
  });

  it("answers 404 in JSON for an unknown or malformed id", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const response = await get(`/incidents/${id}.cap.xml`);
      expect(response.statusCode).toBe(404);
      expect(response.headers["content-type"]).toMatch(/^application\/json/);
      expect(response.json()).toMatchObject({ message: "Incident not found." });
    }
  });
});

describe("GET /feeds/incidents.atom", () => {
  it("lists the active and recently closed incidents, newest change first, each linking to its page and CAP document", async () => {
    const response = await get("/feeds/incidents.atom");
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toBe("application/atom+xml; charset=utf-8");
    const feed = xml.parse(response.body).feed;
    expect(feed.id).toBe("https://water.example.org/feeds/incidents.atom");
    expect(feed.link).toEqual([
      { rel: "self", type: "application/atom+xml", href: "https://water.example.org/feeds/incidents.atom" },
      { rel: "alternate", type: "text/html", href: "https://water.example.org/incidents" },
    ]);
    expect(feed.updated).toBe("2026-11-24T12:00:00.000Z");
    const entries = feed.entry as Record<string, unknown>[];
    expect(entries.map((entry) => entry.title)).toEqual([
      "Boil water advisory: Boil water <Kibera> north",
      "Closed: Supply interruption: Main burst on Ngong Road",
    ]);
    expect(entries[0]).toMatchObject({
      id: `https://water.example.org/incidents/${ids.active}`,
      updated: "2026-11-24T12:00:00.000Z",
      published: "2026-11-24T10:15:00.000Z",
      link: [
        { rel: "alternate", type: "text/html", href: `https://water.example.org/incidents/${ids.active}` },
        {
          rel: "alternate",
          type: "application/cap+xml",
          href: `https://water.example.org/incidents/${ids.active}.cap.xml`,
        },
      ],
      category: { term: "boil-water", label: "Boil water advisory" },
    });
    expect(entries[0]!.summary).toMatchObject({ type: "text" });
    expect((entries[0]!.summary as { "#text": string })["#text"]).toContain("What to do: Boil water for one minute.");
    expect((entries[1]!.summary as { "#text": string })["#text"]).toContain("Supply is back.");
    expect(response.body).not.toContain("Closed long ago");
  });

  it("each CAP link of the feed answers a document", async () => {
    const feed = xml.parse((await get("/feeds/incidents.atom")).body).feed;
    for (const entry of feed.entry as { link: { type: string; href: string }[] }[]) {
      const href = entry.link.find((link) => link.type === "application/cap+xml")!.href;
      const response = await get(new URL(href).pathname);
      expect(response.statusCode, href).toBe(200);
      expect(response.body).toContain('<alert xmlns="urn:oasis:names:tc:emergency:cap:1.2">');
    }
  });
});

describe("the official schemas", () => {
  it("every CAP document above is valid against OASIS CAP-v1.2.xsd, every feed against RFC 4287's Atom schema", () => {
    expect(fetched.cap.length).toBeGreaterThan(0);
    expect(fetched.atom.length).toBeGreaterThan(0);
    expect(capSchemaProblems(fetched.cap)).toBe("");
    expect(atomSchemaProblems(fetched.atom)).toBe("");
  });
});
