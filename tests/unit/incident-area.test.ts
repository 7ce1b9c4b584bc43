import { describe, expect, it } from "vitest";
import type { IncidentArea } from "#shared/incidents/incidents.ts";
import { distanceMetres } from "#shared/places/geo.ts";
import {
  areaBbox,
  circleIntersectsArea,
  closedRing,
  matchIncidents,
  pointInIncidentArea,
  subscriptionMatches,
  textNamesLocality,
} from "#server/incidents/incident-area.ts";
import type { PublicIncident } from "#server/incidents/incident-repository.ts";

// A square of about 1.1 km around Nairobi's centre, left open as a drawing might leave it (lon, lat).
const SQUARE: IncidentArea = {
  type: "Polygon",
  coordinates: [
    [
      [36.81, -1.29],
      [36.82, -1.29],
      [36.82, -1.28],
      [36.81, -1.28],
    ],
  ],
};
// A concave "L": the notch at the top right is outside.
const L_SHAPE: IncidentArea = {
  type: "Polygon",
  coordinates: [
    [
      [0, 0],
      [0.02, 0],
      [0.02, 0.01],
      [0.01, 0.01],
      [0.01, 0.02],
      [0, 0.02],
      [0, 0],
    ],
  ],
};
const CIRCLE: IncidentArea = { type: "Circle", center: [36.8, -1.3], radiusMetres: 500 };

/** A point `metres` north of the circle's centre. */
const northOfCentre = (metres: number) => ({ latitude: -1.3 + metres / 111_195, longitude: 36.8 });

function incident(overrides: Partial<PublicIncident>): PublicIncident {
  return {
    id: "00000000-0000-4000-8000-000000000001",
    type: "supply-interruption",
    severity: "moderate",
    title: "Burst main",
    message: "A main burst.",
    instructions: "Use the tanker at the school.",
    area: null,
    localities: [],
    startsAt: "2025-01-01T08:00:00.000Z",
    expectedRestorationAt: null,
    declaredAt: "2025-01-01T08:10:00.000Z",
    updatedAt: "2025-01-01T08:10:00.000Z",
    closedAt: null,
    finalMessage: null,
    affectedCount: 0,
    reportCount: 0,
    translations: {},
    updates: [],
    ...overrides,
  };
}

describe("a pin inside an incident's area", () => {
  it("is inside a polygon whose ring the drawing left open, and outside beyond its edge", () => {
    expect(pointInIncidentArea(SQUARE, -1.285, 36.815)).toBe(true);
    expect(pointInIncidentArea(SQUARE, -1.285, 36.8201)).toBe(false);
    expect(pointInIncidentArea(SQUARE, -1.2799, 36.815)).toBe(false);
  });

  it("follows a concave polygon: the notch is outside", () => {
    expect(pointInIncidentArea(L_SHAPE, 0.005, 0.015)).toBe(true);
    expect(pointInIncidentArea(L_SHAPE, 0.015, 0.005)).toBe(true);
    expect(pointInIncidentArea(L_SHAPE, 0.015, 0.015)).toBe(false);
  });

  it("is inside a circle up to its radius and outside a few metres beyond", () => {
    expect(pointInIncidentArea(CIRCLE, -1.3, 36.8)).toBe(true);
    const inside = northOfCentre(495);
    const outside = northOfCentre(505);
    expect(pointInIncidentArea(CIRCLE, inside.latitude, inside.longitude)).toBe(true);
    expect(pointInIncidentArea(CIRCLE, outside.latitude, outside.longitude)).toBe(false);
  });

  it("closes an open ring once and leaves a closed one as it is", () => {
    const open = [
      [1, 1],
      [2, 1],
      [2, 2],
    ] as [number, number][];
    expect(closedRing(open)).toEqual([
      [1, 1],
      [2, 1],
      [2, 2],
      [1, 1],
    ]);
    expect(closedRing(closedRing(open))).toHaveLength(4);
  });
});

describe("a subscriber's circle reaching an incident's area", () => {
  it("reaches a circle when the centres are no further apart than both radii", () => {
    const near = northOfCentre(790);
    const far = northOfCentre(810);
    expect(circleIntersectsArea(CIRCLE, near.latitude, near.longitude, 300)).toBe(true);
    expect(circleIntersectsArea(CIRCLE, far.latitude, far.longitude, 300)).toBe(false);
  });

  it("reaches a polygon from inside, or from outside when an edge is within the radius", () => {
    expect(circleIntersectsArea(SQUARE, -1.285, 36.815, 100)).toBe(true);
    // 0.002° of longitude east of the east edge, near the equator: about 222 m.
    const east = { latitude: -1.285, longitude: 36.822 };
    const gap = distanceMetres(east, { latitude: -1.285, longitude: 36.82 });
    expect(circleIntersectsArea(SQUARE, east.latitude, east.longitude, gap + 5)).toBe(true);
    expect(circleIntersectsArea(SQUARE, east.latitude, east.longitude, gap - 5)).toBe(false);
  });

  it("measures to a corner when the nearest point of the polygon is one", () => {
    // North-east of the corner (36.82, -1.28), about 157 m away diagonally.
    const corner = { latitude: -1.28, longitude: 36.82 };
    const pin = { latitude: -1.279, longitude: 36.821 };
    const gap = distanceMetres(pin, corner);
    expect(circleIntersectsArea(SQUARE, pin.latitude, pin.longitude, gap + 3)).toBe(true);
    expect(circleIntersectsArea(SQUARE, pin.latitude, pin.longitude, gap - 3)).toBe(false);
  });

  it("gives the box around a polygon and a circle", () => {
    expect(areaBbox(SQUARE)).toEqual({ minLon: 36.81, minLat: -1.29, maxLon: 36.82, maxLat: -1.28 });
    const box = areaBbox(CIRCLE);
    expect(distanceMetres({ latitude: box.maxLat, longitude: 36.8 }, { latitude: -1.3, longitude: 36.8 })).toBeCloseTo(
      500,
      -1,
    );
    expect(distanceMetres({ latitude: -1.3, longitude: box.maxLon }, { latitude: -1.3, longitude: 36.8 })).toBeCloseTo(
      500,
      -1,
    );
  });
});

describe("localities named in a location text", () => {
  it("ignores case, accents and punctuation", () => {
    expect(textNamesLocality("Near the kiosk, SAO TOME norte", "São Tomé-Norte")).toBe(true);
    expect(textNamesLocality("Kibéra", "kibera")).toBe(true);
  });

  it("takes whole words only", () => {
    expect(textNamesLocality("Old Townsend road", "Old Town")).toBe(false);
    expect(textNamesLocality("behind the old town market", "Old Town")).toBe(true);
    expect(textNamesLocality("anything", "  ")).toBe(false);
  });
});

describe("matching a report being written to the active incidents", () => {
  const inSquare = incident({ id: "a", area: SQUARE, title: "Square" });
  const inTown = incident({ id: "b", localities: ["Old Town", "Riverside"], title: "Town" });
  const quality = incident({ id: "c", type: "boil-water", area: CIRCLE, title: "Boil water" });
  const anywhere = incident({ id: "d", type: "boil-water", localities: ["Hilltop"], title: "Hilltop" });
  const active = [inSquare, inTown, quality, anywhere];

  it("matches by the pin inside the drawn area, before localities", () => {
    const matches = matchIncidents(active, { latitude: -1.285, longitude: 36.815, location: "Riverside" });
    expect(matches.map((m) => [m.incident.id, m.reason])).toEqual([
      ["a", "area"],
      ["b", "locality"],
    ]);
  });

  it("matches a circle by the pin", () => {
    const matches = matchIncidents(active, { latitude: -1.3, longitude: 36.8001 });
    expect(matches.map((m) => [m.incident.id, m.reason])).toEqual([["c", "area"]]);
  });

  it("matches by a locality named in the location text, whatever its case and accents", () => {
    const matches = matchIncidents(active, { location: "opposite the church, RIVERSIDÉ" });
    expect(matches.map((m) => [m.incident.id, m.reason])).toEqual([["b", "locality"]]);
  });

  it("falls back to the category when nothing places the report", () => {
    const matches = matchIncidents(active, { category: "Water Quality Issues", location: "somewhere else" });
    expect(matches.map((m) => [m.incident.id, m.reason])).toEqual([
      ["c", "category"],
      ["d", "category"],
    ]);
    expect(matchIncidents(active, { category: "Sanitation Issues" })).toEqual([]);
  });

  it("does not match by category an incident whose drawn area the pin is outside", () => {
    const matches = matchIncidents(active, { latitude: 10, longitude: 10, category: "Water Quality Issues" });
    expect(matches.map((m) => [m.incident.id, m.reason])).toEqual([["d", "category"]]);
  });

  it("does not add category matches when the report is placed in an incident", () => {
    const matches = matchIncidents(active, { location: "Old Town", category: "Water Quality Issues" });
    expect(matches.map((m) => [m.incident.id, m.reason])).toEqual([["b", "locality"]]);
  });

  it("matches nothing without a pin, a location or a category", () => {
    expect(matchIncidents(active, {})).toEqual([]);
    expect(matchIncidents([], { latitude: -1.285, longitude: 36.815, category: "Water Quality Issues" })).toEqual([]);
  });
});

describe("which incidents concern a subscriber", () => {
  it("takes a pin and radius reaching the drawn area", () => {
    expect(
      subscriptionMatches({ latitude: -1.285, longitude: 36.822, radiusMetres: 300 }, { area: SQUARE, localities: [] }),
    ).toBe(true);
    expect(
      subscriptionMatches({ latitude: -1.285, longitude: 36.822, radiusMetres: 100 }, { area: SQUARE, localities: [] }),
    ).toBe(false);
    expect(
      subscriptionMatches(
        { latitude: -1.285, longitude: 36.822, radiusMetres: 5000 },
        { area: null, localities: ["Old Town"] },
      ),
    ).toBe(false);
  });

  it("takes a locality the incident names, case and accents aside, or whole words of one", () => {
    const town = { area: null, localities: ["São Tomé North", "Old Town"] };
    expect(subscriptionMatches({ locality: "sao tome north" }, town)).toBe(true);
    expect(subscriptionMatches({ locality: "são tomé" }, town)).toBe(true);
    expect(subscriptionMatches({ locality: "Town" }, town)).toBe(true);
    expect(subscriptionMatches({ locality: "Townsend" }, town)).toBe(false);
    expect(subscriptionMatches({ locality: "Old Town" }, { area: SQUARE, localities: [] })).toBe(false);
  });
});
