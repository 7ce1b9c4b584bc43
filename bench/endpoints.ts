import type { Queryable } from "../src/server/db/database.ts";
import { SEARCH_TERMS } from "./seed-text.ts";

/** One row of the table: GET requests for `paths`, taken in turn. */
export interface Endpoint {
  name: string;
  paths: string[];
  /** The target for p99 at the largest size: at most `ratio` times its p99 at the smallest, and `ms`. */
  target: { ratio: number; ms?: number };
  /** What was measured instead, when the request as named does not exist at this size. */
  note?: string;
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
 * The requests of the table, as the web app makes them. Paging by number and by cursor are both measured
 * when the API offers them, found out from its answers: keyset paging (`cursor`, answers carrying `nextCursor`) is
 * being added while page numbers are still served.
 */
export async function portalEndpoints(base: string, ids: string[]): Promise<Endpoint[]> {
  const endpoints: Endpoint[] = [
    { name: `search, word in 30 % ("${SEARCH_TERMS.common}")`, paths: [`${LIST}?q=${SEARCH_TERMS.common}`], target: { ratio: 2, ms: 100 } },
    { name: `search, rare term ("${SEARCH_TERMS.rare}")`, paths: [`${LIST}?q=${SEARCH_TERMS.rare}`], target: { ratio: 2, ms: 100 } },
  ];
  const byNumber = await pageByNumber(base);
  if (byNumber) endpoints.push(byNumber);
  const byCursor = await pageByCursor(base);
  if (byCursor) endpoints.push(byCursor);
  endpoints.push(
    { name: "list, first page", paths: [LIST], target: { ratio: 2 } },
    { name: "filter, status in progress", paths: [`${LIST}?status=in-progress`], target: { ratio: 2 } },
    { name: "filter, category Sanitation Issues", paths: [`${LIST}?category=Sanitation%20Issues`], target: { ratio: 2 } },
    { name: "details of one report", paths: ids.map((id) => `${LIST}/${id}`), target: { ratio: 2 } },
  );
  return endpoints;
}

interface ListAnswer {
  items: unknown[];
  page?: number;
  pageSize?: number;
  nextCursor?: string | null;
}

async function getList(base: string, query: string): Promise<ListAnswer> {
  const response = await fetch(`${base}${LIST}${query}`);
  if (!response.ok) throw new Error(`GET ${LIST}${query} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
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
