import { describe, expect, it } from "vitest";
import { INCIDENT_LIMITS, incidentAreaSchema } from "#shared/incidents/incidents.ts";
import {
  addPoint,
  areaOfDrawing,
  circleArea,
  clearDrawing,
  DRAW_MESSAGES,
  emptyDrawing,
  instantOfLocal,
  localitiesOf,
  localInputValue,
  polygonArea,
  undoLastPoint,
  type Drawing,
} from "#web/lib/map/area-drawing.ts";
import { parseDeclareForm } from "#web/features/staff/components/incident-form-data.ts";

// The declare form's drawing: what staff click on the map becomes the area the API takes
// (incidentAreaSchema), and a half-finished drawing is refused with what is missing.

const kibera = [
  { latitude: -1.31, longitude: 36.78 },
  { latitude: -1.31, longitude: 36.8 },
  { latitude: -1.3, longitude: 36.8 },
];

const drawn = (mode: Drawing["mode"], points: { latitude: number; longitude: number }[]) =>
  points.reduce(addPoint, emptyDrawing(mode));

describe("polygon drawing", () => {
  it("closes the ring in GeoJSON order [longitude, latitude], and the schema accepts it", () => {
    const area = polygonArea(kibera);
    expect(area).toEqual({
      type: "Polygon",
      coordinates: [
        [
          [36.78, -1.31],
          [36.8, -1.31],
          [36.8, -1.3],
          [36.78, -1.31],
        ],
      ],
    });
    expect(incidentAreaSchema.safeParse(area).success).toBe(true);
  });

  it("needs three points: two are refused with what to do", () => {
    const two = drawn("polygon", kibera.slice(0, 2));
    expect(areaOfDrawing(two)).toEqual({ problem: DRAW_MESSAGES.tooFewPoints });
    expect(areaOfDrawing(drawn("polygon", kibera))).toEqual({ area: polygonArea(kibera) });
  });

  it("nothing drawn is no area (the localities may say where)", () => {
    expect(areaOfDrawing(emptyDrawing("polygon"))).toEqual({ area: null });
    expect(areaOfDrawing(emptyDrawing("circle"))).toEqual({ area: null });
  });

  it("ignores a repeated click, undoes the last point, clears", () => {
    const twice = addPoint(drawn("polygon", kibera), kibera[2]!);
    expect(twice.points).toHaveLength(3);
    expect(undoLastPoint(twice).points).toEqual(kibera.slice(0, 2));
    expect(clearDrawing(twice).points).toEqual([]);
    expect(clearDrawing(twice).mode).toBe("polygon");
  });

  it("rounds to 6 decimals and writes a longitude past 180° the standard way", () => {
    const area = polygonArea([
      { latitude: 10.1234567891, longitude: 181 },
      { latitude: 10.2, longitude: 181.5 },
      { latitude: 10.3, longitude: 181 },
    ]);
    expect(area?.type === "Polygon" && area.coordinates[0][0]).toEqual([-179, 10.123457]);
    expect(incidentAreaSchema.safeParse(area).success).toBe(true);
  });

  it("stops adding points at the limit the API takes", () => {
    let drawing = emptyDrawing("polygon");
    for (let i = 0; i < INCIDENT_LIMITS.polygonVertices + 5; i++)
      drawing = addPoint(drawing, { latitude: 1 + i / 1000, longitude: 36 + (i % 7) / 100 });
    expect(drawing.points).toHaveLength(INCIDENT_LIMITS.polygonVertices);
    const result = areaOfDrawing(drawing);
    expect("area" in result && incidentAreaSchema.safeParse(result.area).success).toBe(true);
  });
});

describe("circle drawing", () => {
  it("a click places the centre, the radius is whole metres, and the schema accepts it", () => {
    const drawing = {
      ...addPoint(emptyDrawing("circle"), { latitude: -1.2921, longitude: 36.8219 }),
      radiusMetres: 750.4,
    };
    const result = areaOfDrawing(drawing);
    expect(result).toEqual({ area: { type: "Circle", center: [36.8219, -1.2921], radiusMetres: 750 } });
    expect("area" in result && incidentAreaSchema.safeParse(result.area).success).toBe(true);
  });

  it("a second click moves the centre; undo removes it", () => {
    const first = addPoint(emptyDrawing("circle"), kibera[0]!);
    const moved = addPoint(first, kibera[1]!);
    expect(moved.centre).toEqual(kibera[1]);
    expect(undoLastPoint(moved).centre).toBeNull();
  });

  it("refuses a radius outside 50 m … 50 km, or none", () => {
    const centre = kibera[0]!;
    expect(circleArea(centre, 49)).toBeNull();
    expect(circleArea(centre, 50_001)).toBeNull();
    expect(circleArea(centre, Number.NaN)).toBeNull();
    expect(circleArea(centre, 50)).not.toBeNull();
    expect(areaOfDrawing({ ...addPoint(emptyDrawing("circle"), centre), radiusMetres: 10 })).toEqual({
      problem: DRAW_MESSAGES.radiusOutOfRange,
    });
  });
});

describe("the other fields", () => {
  it("localities: one per line, trimmed, blank lines and repeats left out", () => {
    expect(localitiesOf("  Kibera \n\nriverside   estate\r\nKIBERA\nRiverside Estate\n")).toEqual([
      "Kibera",
      "riverside estate",
    ]);
  });

  it("datetime-local values become instants; blank stays absent", () => {
    const local = localInputValue(new Date(2025, 2, 1, 14, 30));
    expect(local).toBe("2025-03-01T14:30");
    expect(instantOfLocal(local)).toBe(new Date(2025, 2, 1, 14, 30).toISOString());
    expect(instantOfLocal("")).toBeNull();
    expect(instantOfLocal("not a date")).toBeNull();
  });
});

describe("the declare form's data", () => {
  const form = (fields: Record<string, string>) => {
    const data = new FormData();
    const defaults = {
      type: "boil-water",
      severity: "severe",
      title: "Burst main on Ngong Road",
      message: "A trunk main burst this morning.",
      instructions: "Boil water for one minute.",
      startsAt: "2025-03-01T08:00",
      expectedRestorationAt: "",
      localities: "",
      drawing: JSON.stringify(drawn("polygon", kibera)),
    };
    for (const [name, value] of Object.entries({ ...defaults, ...fields })) data.set(name, value);
    return data;
  };

  it("becomes the request body the API takes, the polygon closed", () => {
    const parsed = parseDeclareForm(form({ localities: "Kibera\nLindi" }));
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.body.area).toEqual(polygonArea(kibera));
    expect(parsed.body.localities).toEqual(["Kibera", "Lindi"]);
    expect(parsed.body.startsAt).toBe(new Date(2025, 2, 1, 8, 0).toISOString());
    expect(parsed.body.expectedRestorationAt).toBeNull();
  });

  it("localities alone are enough, without the map", () => {
    const parsed = parseDeclareForm(form({ drawing: JSON.stringify(emptyDrawing()), localities: "Kibera" }));
    expect(parsed.ok && parsed.body.area).toBeNull();
  });

  it("says which fields are wrong: no title, a half-drawn area, a restoration before the start", () => {
    const parsed = parseDeclareForm(
      form({
        title: "  ",
        drawing: JSON.stringify(drawn("polygon", kibera.slice(0, 2))),
        expectedRestorationAt: "2025-02-28T08:00",
      }),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(Object.keys(parsed.errors).sort()).toEqual(["area", "expectedRestorationAt", "title"]);
    expect(parsed.errors.area).toBe(DRAW_MESSAGES.tooFewPoints);
    expect(parsed.errors.expectedRestorationAt).toBe("The expected restoration must be after the start.");
  });

  it("neither an area nor a locality is refused at the area", () => {
    const parsed = parseDeclareForm(form({ drawing: JSON.stringify(emptyDrawing()) }));
    expect(!parsed.ok && parsed.errors.area).toBe("Draw the affected area on the map or name at least one locality.");
  });

  it("a missing start is refused with its own message", () => {
    const parsed = parseDeclareForm(form({ startsAt: "" }));
    expect(!parsed.ok && parsed.errors.startsAt).toBe("Give the start date and time.");
  });
});
