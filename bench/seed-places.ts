import type { Bbox, LatLng } from "#shared/places/geo.ts";

/**
 * Where seeded reports are pinned (decision 016): PIN_SHARE of them carry a pin inside a city of 20 × 20 km around a
 * fixed centre. Half of the pins fall into a few neighbourhoods, each a normal spread around its own centre (the
 * first one dense enough that a box of a kilometre holds tens of thousands of pins at a million reports), the
 * other half evenly over the whole city. The seed (seed-sql.ts) and the requests (endpoints.ts) both draw from
 * this, so the benchmark asks about places where the reports are, as residents do.
 */

/** Reports with a pin; the others have none, like every report made before the map existed. */
export const PIN_SHARE = 0.7;

/** A lakeside town near the equator (34.75° E, 0.1° S); nothing depends on which. */
export const CITY_CENTRE: LatLng = { latitude: -0.1, longitude: 34.75 };
/** The city is the square of twice this side around the centre. */
export const CITY_HALF_SIDE_METRES = 10_000;

export interface Neighbourhood {
  name: string;
  /** Its centre, in metres east and north of the city centre. */
  east: number;
  north: number;
  /** Standard deviation of the normal spread of its pins around the centre, in metres, east and north alike. */
  spreadMetres: number;
  /** Share of the pinned reports. */
  share: number;
}

/** The first is the densest: the map's "dense neighbourhood" requests ask about it. */
export const NEIGHBOURHOODS: Neighbourhood[] = [
  { name: "market quarter", east: -1_500, north: 500, spreadMetres: 350, share: 0.16 },
  { name: "lakeside estates", east: 1_500, north: -2_500, spreadMetres: 450, share: 0.12 },
  { name: "north-east estates", east: 2_500, north: 1_500, spreadMetres: 550, share: 0.1 },
  { name: "hillside", east: 1_000, north: 3_500, spreadMetres: 700, share: 0.07 },
  { name: "west end", east: -3_000, north: 2_800, spreadMetres: 500, share: 0.05 },
];
/** The rest of the pins, evenly over the city. */
export const SPREAD_SHARE = 1 - NEIGHBOURHOODS.reduce((sum, n) => sum + n.share, 0);

/** Metres in a degree of latitude (the mean Earth radius of src/shared/places/geo.ts) and of longitude at the centre. */
export const METRES_PER_DEGREE_LATITUDE = (6_371_008.8 * Math.PI) / 180;
export const METRES_PER_DEGREE_LONGITUDE =
  METRES_PER_DEGREE_LATITUDE * Math.cos((CITY_CENTRE.latitude * Math.PI) / 180);

const round6 = (value: number) => Number(value.toFixed(6));

/** Metres east and north of the city centre → a point, 6 decimals as stored. */
export function pointAt(east: number, north: number): LatLng {
  return {
    latitude: round6(CITY_CENTRE.latitude + north / METRES_PER_DEGREE_LATITUDE),
    longitude: round6(CITY_CENTRE.longitude + east / METRES_PER_DEGREE_LONGITUDE),
  };
}

/** The square of `halfSide` metres either side of a point east and north of the centre. */
export function boxAt(east: number, north: number, halfSide: number): Bbox {
  const low = pointAt(east - halfSide, north - halfSide);
  const high = pointAt(east + halfSide, north + halfSide);
  return { minLon: low.longitude, minLat: low.latitude, maxLon: high.longitude, maxLat: high.latitude };
}

export const CITY_BOX: Bbox = boxAt(0, 0, CITY_HALF_SIDE_METRES);

/**
 * SQL for a pin's offset from the centre in metres (`axis` "east" or "north"), from four draws in [0, 1): `which`
 * picks the neighbourhood (or none), `u` and `v` make a normal deviate (Box–Muller: cos for east, sin for north,
 * so the two are independent), `even` places it evenly across the city. Clamped to the city.
 */
export function offsetSql(
  axis: "east" | "north",
  draws: { which: string; u: string; v: string; even: string },
): string {
  const normal = `sqrt(-2 * ln(1 - ${draws.u})) * ${axis === "east" ? "cos" : "sin"}(2 * pi() * ${draws.v})`;
  let cumulative = 0;
  const branches = NEIGHBOURHOODS.map((n) => {
    cumulative += n.share;
    return `WHEN ${draws.which} < ${cumulative.toFixed(6)} THEN ${n[axis]} + ${n.spreadMetres} * ${normal}`;
  });
  const offset = `CASE ${branches.join(" ")} ELSE (2 * ${draws.even} - 1) * ${CITY_HALF_SIDE_METRES} END`;
  return `greatest(-${CITY_HALF_SIDE_METRES}, least(${CITY_HALF_SIDE_METRES}, ${offset}))`;
}

/** SQL for the stored coordinate from an offset in metres (numeric, 6 decimals, as the API stores a pin). */
export function coordinateSql(axis: "east" | "north", offset: string): string {
  return axis === "north"
    ? `round((${CITY_CENTRE.latitude} + (${offset}) / ${METRES_PER_DEGREE_LATITUDE})::numeric, 6)`
    : `round((${CITY_CENTRE.longitude} + (${offset}) / ${METRES_PER_DEGREE_LONGITUDE})::numeric, 6)`;
}

/** Small deterministic generator (mulberry32): the same requests at every size and in every run. */
export function randomSource(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A place drawn as the seed draws pins, in metres east and north of the centre. */
export function drawOffset(random: () => number): { east: number; north: number } {
  const which = random();
  const radius = Math.sqrt(-2 * Math.log(1 - random()));
  const angle = 2 * Math.PI * random();
  const even = () => (2 * random() - 1) * CITY_HALF_SIDE_METRES;
  let cumulative = 0;
  for (const n of NEIGHBOURHOODS) {
    cumulative += n.share;
    if (which < cumulative) {
      return {
        east: clamp(n.east + n.spreadMetres * radius * Math.cos(angle)),
        north: clamp(n.north + n.spreadMetres * radius * Math.sin(angle)),
      };
    }
  }
  return { east: even(), north: even() };
}

const clamp = (metres: number) => Math.max(-CITY_HALF_SIDE_METRES, Math.min(CITY_HALF_SIDE_METRES, metres));
