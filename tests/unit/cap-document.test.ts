import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { capDocument } from "#server/incidents/cap-document.ts";
import type { PublicIncident } from "#server/incidents/incident-repository.ts";
import { capSchemaProblems } from "../support/xml-schemas.ts";

// CAP 1.2 documents of incidents (decision 021), read back as an aggregator would, and validated against the OASIS
// CAP 1.2 schema with xmllint (tests/support/xml-schemas.ts).

const options = { publicUrl: "https://water.example.org", senderDomain: "water.example.org" };
const ID = "3f2b8c1e-6a7d-4e5f-9a0b-1c2d3e4f5a6b";

function incident(changes: Partial<PublicIncident> = {}): PublicIncident {
  return {
    id: ID,
    type: "boil-water",
    severity: "severe",
    title: "Boil water: Kibera north",
    message: "E. coli was found in the Kibera north reservoir.",
    instructions: "Boil all drinking water for one minute.",
    area: { type: "Circle", center: [36.7856, -1.3133], radiusMetres: 1500 },
    localities: [],
    startsAt: "2026-11-24T09:00:00.000Z",
    expectedRestorationAt: "2026-11-26T18:00:00.000Z",
    declaredAt: "2026-11-24T10:15:00.000Z",
    updatedAt: "2026-11-24T10:15:00.000Z",
    closedAt: null,
    finalMessage: null,
    affectedCount: 0,
    reportCount: 0,
    translations: {},
    updates: [],
    ...changes,
  };
}

const updated = incident({
  updates: [
    { id: "1", at: "2026-11-24T12:00:00.250Z", message: "Tankers are at the school.", translations: {} },
    { id: "2", at: "2026-11-25T08:30:00.000Z", message: "Flushing has started.", translations: {} },
  ],
  updatedAt: "2026-11-25T08:30:00.000Z",
});
const closed = incident({
  updates: updated.updates,
  updatedAt: "2026-11-26T16:00:00.000Z",
  closedAt: "2026-11-26T16:00:00.000Z",
  finalMessage: "The water is safe to drink again. Run your taps for two minutes.",
});

const parser = new XMLParser({
  parseTagValue: false,
  isArray: (name) => ["category", "responseType", "polygon", "circle"].includes(name),
});
interface CapInfo {
  category: string[];
  responseType: string[];
  [element: string]: unknown;
}
const read = (xml: string) =>
  parser.parse(xml).alert as Record<string, string> & { info: CapInfo & { area: Record<string, unknown> } };

const schemaErrors = (xml: string): string => capSchemaProblems([xml]);

describe("capDocument: the message's type follows the incident's life", () => {
  it("a fresh declaration is an Alert with no references, Immediate for a severe incident", () => {
    const alert = read(capDocument(incident(), options));
    expect(alert).toMatchObject({
      identifier: `water.example.org:incident:${ID}:20261124T101500.000Z`,
      sender: "water.example.org",
      sent: "2026-11-24T10:15:00-00:00",
      status: "Actual",
      msgType: "Alert",
      scope: "Public",
      incidents: `water.example.org:incident:${ID}`,
    });
    expect(alert.references).toBeUndefined();
    expect(alert.info).toMatchObject({
      language: "en",
      category: ["Health"],
      event: "Boil water advisory",
      responseType: ["Execute"],
      urgency: "Immediate",
      severity: "Severe",
      certainty: "Observed",
      effective: "2026-11-24T09:00:00-00:00",
      expires: "2026-11-26T18:00:00-00:00",
      senderName: "Clean Water & Sanitation Grievance Portal",
      headline: "Boil water: Kibera north",
      description: "E. coli was found in the Kibera north reservoir.",
      instruction: "Boil all drinking water for one minute.",
      web: `https://water.example.org/incidents/${ID}`,
    });
  });

  it("after updates it is an Update that references the declaration and every earlier update by sender, identifier and sent", () => {
    const alert = read(capDocument(updated, options));
    expect(alert.msgType).toBe("Update");
    expect(alert.identifier).toBe(`water.example.org:incident:${ID}:20261125T083000.000Z`);
    expect(String(alert.references).split(" ")).toEqual([
      `water.example.org,water.example.org:incident:${ID}:20261124T101500.000Z,2026-11-24T10:15:00-00:00`,
      `water.example.org,water.example.org:incident:${ID}:20261124T120000.250Z,2026-11-24T12:00:00-00:00`,
    ]);
    // The earlier versions' identifiers are the ones their own documents carried.
    expect(alert.references).toContain(read(capDocument(incident(), options)).identifier);
    expect(alert.info.description).toBe(
      "E. coli was found in the Kibera north reservoir.\n\nUpdate (2026-11-25T08:30:00-00:00): Flushing has started.",
    );
  });

  it("the closure is an Update with AllClear, urgency Past, the final message as the instruction, kept for a day", () => {
    const alert = read(capDocument(closed, options));
    expect(alert.msgType).toBe("Update");
    expect(alert.note).toBe("The incident is over: all clear.");
    expect(String(alert.references).split(" ")).toHaveLength(3);
    expect(alert.info).toMatchObject({
      responseType: ["AllClear"],
      urgency: "Past",
      instruction: "The water is safe to drink again. Run your taps for two minutes.",
      expires: "2026-11-27T16:00:00-00:00",
    });
  });

  it("a closure without updates references the declaration only", () => {
    const alert = read(
      capDocument(
        incident({
          updatedAt: "2026-11-24T11:00:00.000Z",
          closedAt: "2026-11-24T11:00:00.000Z",
          finalMessage: "Fixed.",
        }),
        options,
      ),
    );
    expect(alert.msgType).toBe("Update");
    expect(alert.references).toBe(
      `water.example.org,water.example.org:incident:${ID}:20261124T101500.000Z,2026-11-24T10:15:00-00:00`,
    );
  });

  it("urgency and response follow the type and severity; a planned interruption not yet started is Future", () => {
    const minor = read(capDocument(incident({ type: "supply-interruption", severity: "minor" }), options)).info;
    expect(minor).toMatchObject({
      category: ["Infra"],
      responseType: ["Prepare"],
      urgency: "Expected",
      severity: "Minor",
    });
    const planned = read(
      capDocument(
        incident({ type: "supply-interruption", startsAt: "2026-11-30T06:00:00.000Z", expectedRestorationAt: null }),
        options,
      ),
    ).info;
    expect(planned.urgency).toBe("Future");
    expect(planned.expires).toBeUndefined();
    expect(read(capDocument(incident({ type: "do-not-drink", severity: "extreme" }), options)).info).toMatchObject({
      responseType: ["Avoid"],
      severity: "Extreme",
    });
    expect(read(capDocument(incident({ type: "sewage-overflow" }), options)).info.category).toEqual(["Env", "Health"]);
  });
});

describe("capDocument: the area", () => {
  it("writes a polygon as CAP's lat,lon pairs (GeoJSON is lon,lat) and closes an open ring", () => {
    const ring: [number, number][] = [
      [36.78, -1.31],
      [36.8, -1.31],
      [36.8, -1.29],
      [36.78, -1.29],
    ];
    const open = read(capDocument(incident({ area: { type: "Polygon", coordinates: [ring] } }), options)).info.area;
    expect(open.polygon).toEqual(["-1.31,36.78 -1.31,36.8 -1.29,36.8 -1.29,36.78 -1.31,36.78"]);
    const stored = read(
      capDocument(incident({ area: { type: "Polygon", coordinates: [[...ring, ring[0]!]] } }), options),
    ).info.area;
    expect(stored.polygon).toEqual(open.polygon);
    expect(open.circle).toBeUndefined();
  });

  it("writes a circle as its centre and its radius in kilometres, in plain decimals", () => {
    const area = read(
      capDocument(incident({ area: { type: "Circle", center: [36.7856, -1.3133], radiusMetres: 1500 } }), options),
    ).info.area;
    expect(area.circle).toEqual(["-1.3133,36.7856 1.5"]);
    const tiny = read(
      capDocument(incident({ area: { type: "Circle", center: [0.0000001, 1e-7], radiusMetres: 50 } }), options),
    ).info.area;
    expect(tiny.circle).toEqual(["0,0 0.05"]);
  });

  it("names the localities in areaDesc, or the title when there are none", () => {
    const named = read(capDocument(incident({ area: null, localities: ["Kibera", "Olympic Estate"] }), options)).info
      .area;
    expect(named).toEqual({ areaDesc: "Kibera, Olympic Estate" });
    expect(read(capDocument(incident(), options)).info.area.areaDesc).toBe("Boil water: Kibera north");
  });
});

describe("capDocument: text", () => {
  it("escapes markup in every text so that it reads back unchanged", () => {
    const tricky = incident({
      title: `<script>alert("x")</script> & 'quotes'`,
      message: "Pressure < 1 bar & falling > fast",
      instructions: "Use <b>bottled</b> water & boil",
      localities: ["A&B <estate>"],
    });
    const xml = capDocument(tricky, options);
    expect(xml).not.toContain("<script>");
    const alert = read(xml);
    expect(alert.info.headline).toBe(tricky.title);
    expect(alert.info.description).toBe(tricky.message);
    expect(alert.info.instruction).toBe(tricky.instructions);
    expect(alert.info.area.areaDesc).toBe("A&B <estate>");
  });
});

describe("capDocument: valid against the CAP 1.2 schema", () => {
  const polygon: PublicIncident["area"] = {
    type: "Polygon",
    coordinates: [
      [
        [36.78, -1.31],
        [36.8, -1.31],
        [36.8, -1.29],
        [36.78, -1.31],
      ],
    ],
  };
  const cases: [string, PublicIncident][] = [
    ["a polygon", incident({ area: polygon })],
    ["a circle", incident()],
    [
      "localities only",
      incident({ area: null, localities: ["Kibera", "Olympic Estate"], type: "supply-interruption" }),
    ],
    ["an update", updated],
    ["a closure", closed],
    [
      "markup in the texts",
      incident({ title: "<b>&</b>", message: "a < b", instructions: "\"quoted\" & 'single'", localities: ["<x>"] }),
    ],
    [
      "a planned sewage overflow",
      incident({
        type: "sewage-overflow",
        severity: "minor",
        startsAt: "2026-12-01T00:00:00.000Z",
        expectedRestorationAt: null,
      }),
    ],
  ];

  it("every one", () => {
    expect(capSchemaProblems(cases.map(([, each]) => capDocument(each, options)))).toBe("");
  });

  it("and the schema refuses what CAP forbids, so the check above can fail", () => {
    const good = capDocument(incident({ area: polygon }), options);
    expect(schemaErrors(good.replace("<msgType>Alert</msgType>", "<msgType>Closed</msgType>"))).not.toBe("");
    expect(schemaErrors(good.replace("-00:00</sent>", "Z</sent>"))).not.toBe("");
    expect(
      schemaErrors(
        good.replace(
          "<status>Actual</status>\n  <msgType>Alert</msgType>",
          "<msgType>Alert</msgType>\n  <status>Actual</status>",
        ),
      ),
    ).not.toBe("");
    expect(schemaErrors(good.replace("<headline>", "<headline>\u000b"))).not.toBe("");
  });

  it("text XML cannot carry is left out, so that a stored control character cannot break the document", () => {
    const xml = capDocument(
      incident({ title: "Boil\u000b water\ufffe", message: "E.\u0001 coli\uffff", localities: ["Kibera\u001f"] }),
      options,
    );
    expect(schemaErrors(xml)).toBe("");
    expect(read(xml).info.headline).toBe("Boil water");
    expect(read(xml).info.area.areaDesc).toBe("Kibera");
  });

  it("closes every polygon: its first and last pairs are equal (a rule the schema cannot state)", () => {
    for (const [, each] of cases) {
      for (const ring of [read(capDocument(each, options)).info.area.polygon ?? []].flat() as string[]) {
        const pairs = ring.split(" ");
        expect(pairs.length).toBeGreaterThanOrEqual(4);
        expect(pairs.at(-1)).toBe(pairs[0]);
      }
    }
  });
});
