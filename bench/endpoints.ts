import type { Queryable } from "#server/db/database.ts";
import { apiPaths } from "#shared/api-paths.ts";
import type { Category } from "#shared/domain.ts";
import { formatBbox, type Bbox } from "#shared/places/geo.ts";
import { open311Endpoints } from "./open311-endpoints.ts";
import { staffEndpoints } from "./staff-endpoints.ts";
import { waterPointEndpoints } from "./water-point-endpoints.ts";
import { reportWaterPointEndpoints } from "./report-water-point-endpoints.ts";
import { boxAt, CITY_HALF_SIDE_METRES, drawOffset, NEIGHBOURHOODS, pointAt, randomSource } from "./seed-places.ts";
import { CATEGORY_SHARES, LANDMARKS, OTHER_TITLES, PIPE_TITLES, SEARCH_TERMS } from "./seed-text.ts";

/** One row of the benchmark's table: GET requests for `paths`, taken in turn. */
export interface Endpoint {
  name: string;
  paths: string[];
  /** The target for p99 at the largest size: at most `ratio` times its p99 at the smallest, and `ms`. */
  target: { ratio: number; ms?: number };
  /** What was measured instead, when the request as named does not exist at this size. */
  note?: string;
  /** Sent with every request: a staff session's cookie for the console's queue. */
  headers?: Record<string, string>;
}

const LIST = "/api/grievances";
const DEEP_PAGE = 500;
const DETAIL_IDS = 1_000;

/** Public reports to ask for one by one, chosen at random (read before the portal opens an embedded database). */
export async function sampleIds(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id FROM grievances WHERE hidden_at IS NULL ORDER BY random() LIMIT ${DETAIL_IDS}`,
  );
  return rows.map((r) => r.id);
}

/**
 * The requests of the benchmark's table, as the web app makes them. Paging by number and by cursor are both measured
 * when the API offers them, found out from its answers: keyset paging (`cursor`, answers carrying `nextCursor`) is
 * being added while page numbers are still served.
 */
export async function portalEndpoints(base: string, ids: string[]): Promise<Endpoint[]> {
  const endpoints: Endpoint[] = [
    {
      name: `search, word in 30 % ("${SEARCH_TERMS.common}")`,
      paths: [`${LIST}?q=${SEARCH_TERMS.common}`],
      target: { ratio: 2, ms: 100 },
    },
    {
      name: `search, word in 3 % ("${SEARCH_TERMS.frequent}")`,
      paths: [`${LIST}?q=${SEARCH_TERMS.frequent}`],
      target: { ratio: 2, ms: 100 },
    },
    {
      name: `search, word in 0.3 % ("${SEARCH_TERMS.uncommon}")`,
      paths: [`${LIST}?q=${SEARCH_TERMS.uncommon}`],
      target: { ratio: 2, ms: 100 },
    },
    {
      name: `search, rare term ("${SEARCH_TERMS.rare}")`,
      paths: [`${LIST}?q=${SEARCH_TERMS.rare}`],
      target: { ratio: 2, ms: 100 },
    },
  ];
  const byNumber = await pageByNumber(base);
  if (byNumber) endpoints.push(byNumber);
  const byCursor = await pageByCursor(base);
  if (byCursor) endpoints.push(byCursor);
  endpoints.push(
    { name: "list, first page", paths: [LIST], target: { ratio: 2 } },
    { name: "filter, status in progress", paths: [`${LIST}?status=in-progress`], target: { ratio: 2 } },
    {
      name: "filter, category Sanitation Issues",
      paths: [`${LIST}?category=Sanitation%20Issues`],
      target: { ratio: 2 },
    },
    { name: "details of one report", paths: ids.map((id) => `${LIST}/${id}`), target: { ratio: 2 } },
    // The statistics page: its figures and charts, then its hotspot map (docs/decisions/027-statistics-charts.md).
    { name: "statistics, figures and charts", paths: ["/api/stats"], target: { ratio: 2, ms: 100 } },
    { name: "statistics, hotspot map", paths: ["/api/stats/hotspots"], target: { ratio: 2, ms: 100 } },
  );
  for (const endpoint of [
    ...placeEndpoints(),
    ...waterPointEndpoints(),
    ...reportWaterPointEndpoints(),
    ...open311Endpoints(),
  ]) {
    if (await served(base, endpoint.paths[0]!)) endpoints.push(endpoint);
    else console.log(`  ${endpoint.name}: not measured, this portal answers 404 (no such API yet)`);
  }
  endpoints.push(...(await staffEndpoints(base)));
  return endpoints;
}

/** Distinct requests per row of places, taken in turn, so that no cache answers most of them. */
const PLACE_REQUESTS = 200;
/** A neighbourhood on the map: a square of a kilometre. */
const NEIGHBOURHOOD_HALF_SIDE = 500;

/**
 * The requests of the maps (decision 016): the map's markers (GET /api/grievances/map), the list within an area
 * (`bbox`), and "has someone already reported this?" (GET /api/grievances/similar). Places and titles are drawn like
 * the seeded ones (seed-places.ts, seed-text.ts) by a generator with a fixed seed, so every size and every run asks
 * the same.
 */
export function placeEndpoints(): Endpoint[] {
  const target = { ratio: 2, ms: 100 };
  const map = (bbox: Bbox, extra = "") => `${apiPaths.grievanceMap}?bbox=${formatBbox(bbox)}${extra}`;
  const similar = (category: Category, fields: Record<string, string>) =>
    `${apiPaths.similarGrievances}?${new URLSearchParams({ category, ...fields }).toString()}`;
  const pin = (random: () => number) => {
    const { east, north } = drawOffset(random);
    const { latitude, longitude } = pointAt(east, north);
    return { latitude: String(latitude), longitude: String(longitude) };
  };
  const dense = NEIGHBOURHOODS[0]!;
  return [
    {
      // The whole city in view, a little panned or zoomed each time.
      name: "map, whole city (20 × 20 km)",
      paths: series(1, (random) => {
        const half = CITY_HALF_SIDE_METRES * (1 + 0.1 * random());
        return map(boxAt(2_000 * (random() - 0.5), 2_000 * (random() - 0.5), half));
      }),
      target,
    },
    {
      name: "map, neighbourhood (1 × 1 km)",
      paths: series(2, (random) => {
        const { east, north } = drawOffset(random);
        return map(boxAt(east, north, NEIGHBOURHOOD_HALF_SIDE));
      }),
      target,
    },
    {
      name: `map, dense 1 km (${dense.name}) + category`,
      paths: series(3, (random) =>
        map(
          boxAt(dense.east + 500 * (random() - 0.5), dense.north + 500 * (random() - 0.5), NEIGHBOURHOOD_HALF_SIDE),
          `&category=${encodeURIComponent(category(random))}`,
        ),
      ),
      target,
    },
    {
      name: "list, bbox 1 km, first page",
      paths: series(4, (random) => {
        const { east, north } = drawOffset(random);
        return `${LIST}?bbox=${formatBbox(boxAt(east, north, NEIGHBOURHOOD_HALF_SIDE))}`;
      }),
      target,
    },
    { name: "similar, by pin (250 m)", paths: series(5, (random) => similar(category(random), pin(random))), target },
    {
      name: "similar, by title",
      paths: series(6, (random) => similar(category(random), { title: title(random) })),
      target,
    },
    {
      name: "similar, by pin and title",
      paths: series(7, (random) => similar(category(random), { ...pin(random), title: title(random) })),
      target,
    },
  ];
}

function series(seed: number, make: (random: () => number) => string): string[] {
  const random = randomSource(seed);
  return Array.from({ length: PLACE_REQUESTS }, () => make(random));
}

/** A category in the seeded shares. */
function category(random: () => number): Category {
  const draw = random();
  let cumulative = 0;
  for (const [name, share] of Object.entries(CATEGORY_SHARES) as Array<[Category, number]>) {
    cumulative += share;
    if (draw < cumulative) return name;
  }
  return "Other";
}

/** A title as a resident types one: a seeded title, alone, with a place, in lower case, or with a typo. */
function title(random: () => number): string {
  const pick = <T>(values: readonly T[]) => values[Math.floor(random() * values.length)]!;
  const base = random() < 0.3 ? pick(PIPE_TITLES) : pick(OTHER_TITLES);
  switch (Math.floor(random() * 5)) {
    case 0:
      return base;
    case 1:
      return `${base} near the ${pick(LANDMARKS)}`;
    case 2:
      return `${base} in Ward ${1 + Math.floor(random() * 40)}`;
    case 3:
      return `${base.toLowerCase()} by the ${pick(LANDMARKS)}`;
    default: {
      // Two neighbouring letters swapped.
      const at = 1 + Math.floor(random() * (base.length - 3));
      return base.slice(0, at) + base[at + 1] + base[at] + base.slice(at + 2);
    }
  }
}

/** Whether the portal has this API (it answers something other than 404). */
async function served(base: string, path: string): Promise<boolean> {
  const response = await fetch(base + path);
  await response.arrayBuffer();
  return response.status !== 404;
}

interface ListAnswer {
  items: unknown[];
  page?: number;
  pageSize?: number;
  nextCursor?: string | null;
}

async function getList(base: string, query: string): Promise<ListAnswer> {
  const response = await fetch(`${base}${LIST}${query}`);
  if (!response.ok)
    throw new Error(`GET ${LIST}${query} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  return (await response.json()) as ListAnswer;
}

/** `?page=500`, while the API still pages by number (its answer then says which page it is). */
async function pageByNumber(base: string): Promise<Endpoint | undefined> {
  const query = `?page=${DEEP_PAGE}`;
  const answer = await getList(base, query);
  if (answer.page !== DEEP_PAGE) return undefined;
  return {
    name: `list, page ${DEEP_PAGE} (?page=${DEEP_PAGE})`,
    paths: [LIST + query],
    target: { ratio: 2, ms: 100 },
    note: answer.items.length === 0 ? `past the last page: the answer has no item` : undefined,
  };
}

/**
 * Page 500 reached as a reader reaches it, following Next from the first page; when the list ends sooner, its last
 * page, and the note says which.
 */
async function pageByCursor(base: string): Promise<Endpoint | undefined> {
  let answer = await getList(base, "");
  if (!("nextCursor" in answer)) return undefined;
  let query = "";
  let page = 1;
  while (page < DEEP_PAGE && typeof answer.nextCursor === "string") {
    query = `?cursor=${encodeURIComponent(answer.nextCursor)}`;
    answer = await getList(base, query);
    page++;
  }
  return {
    name: `list, page ${DEEP_PAGE} by cursor`,
    paths: [LIST + query],
    target: { ratio: 2, ms: 100 },
    note: page < DEEP_PAGE ? `the list ends at page ${page}: its last page` : undefined,
  };
}
