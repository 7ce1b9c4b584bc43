import { REFERENCE_PATTERN } from "#shared/grievances/reference.ts";
import { findCategoryByServiceCode, listCategories } from "../categories/category-repository.ts";
import type { Open311Settings } from "../config.ts";
import type { Queryable } from "../db/database.ts";
import { HttpError } from "../http/http-error.ts";
import type { Open311Item } from "./open311-format.ts";
import { findRequest, findRequests, findStatusUpdates } from "./open311-repository.ts";
import { OPEN311_STATUSES, toOpen311Request, type Open311Status, type RequestContext } from "./open311-requests.ts";
import { MAX_REQUEST_IDS, MAX_UPDATES } from "./open311-schemas.ts";
import { commaList } from "./open311-params.ts";
import { toOpen311Update } from "./open311-updates.ts";
import { parseW3cDatetime } from "./w3c-datetime.ts";

/**
 * What each Open311 GET answers (docs/integrators.md), as plain items for open311-format.ts to write as JSON or
 * XML. The routes parse and send; the rules of the standard (windows, lists, ids over filters) are here.
 */

/** The standard's default window, and its limit: at most 90 days between start_date and end_date. */
const WINDOW_DAYS = 90;
const DAY_MS = 86_400_000;
const CHANGESET = "2026-11-22T00:00:00Z";

export function checkJurisdiction(settings: Open311Settings, asked: string | undefined): void {
  if (asked !== undefined && settings.jurisdictionId !== undefined && asked !== settings.jurisdictionId) {
    throw new HttpError(404, `Unknown jurisdiction_id "${asked}".`);
  }
}

/** `base`: the endpoint's address as the client reaches it. */
export function discoveryOf(settings: Open311Settings, base: string) {
  return {
    changeset: CHANGESET,
    contact: settings.agencyResponsible ?? "",
    key_service: "API keys are issued by the portal's administrators (console, Administration, API keys).",
    endpoints: [
      {
        specification: "http://wiki.open311.org/GeoReport_v2",
        url: base,
        changeset: CHANGESET,
        type: "production",
        formats: ["application/json", "text/xml"],
      },
    ],
  };
}

/** Discovery as the XML the standard shows: `<endpoints><endpoint>…<formats><format>…`. */
export function discoveryForXml(discovery: ReturnType<typeof discoveryOf>): Open311Item {
  const { endpoints, ...fields } = discovery;
  return {
    ...fields,
    endpoints: [
      { endpoint: endpoints.map(({ formats, ...endpoint }) => ({ ...endpoint, formats: [{ format: formats }] })) },
    ],
  };
}

/** The services: the portal's active categories. */
export async function listServices(db: Queryable): Promise<Open311Item[]> {
  return (await listCategories(db))
    .filter((category) => category.active)
    .map((category) => ({
      service_code: category.service_code,
      service_name: category.name,
      description: category.description,
      metadata: false,
      type: "realtime",
      keywords: "",
      group: category.group_name ?? "",
    }));
}

/** An active service's code; 404 for any other. */
export async function activeServiceCode(db: Queryable, serviceCode: string): Promise<string> {
  const category = await findCategoryByServiceCode(db, serviceCode);
  if (!category || !category.active) throw new HttpError(404, `Unknown service_code "${serviceCode}".`);
  return category.service_code;
}

export async function requestContext(
  db: Queryable,
  settings: Open311Settings,
  linkBase: string,
): Promise<RequestContext> {
  return {
    categories: new Map((await listCategories(db)).map((category) => [category.key, category])),
    linkBase,
    agencyResponsible: settings.agencyResponsible,
    serviceNotice: settings.serviceNotice,
  };
}

export interface RequestsQuery {
  service_request_id?: string | undefined;
  service_code?: string | undefined;
  start_date?: string | undefined;
  end_date?: string | undefined;
  status?: string | undefined;
  page: number;
  page_size: number;
}

/** Service requests, newest first: by id (overriding every other filter and paging), or a page of a window. */
export async function listRequests(db: Queryable, query: RequestsQuery, context: RequestContext) {
  const { start, end } = dateWindow(query.start_date, query.end_date, WINDOW_DAYS);
  const references = commaList(query.service_request_id)?.map((id) => id.toUpperCase());
  if (references && references.length > MAX_REQUEST_IDS) {
    throw new HttpError(400, `At most ${MAX_REQUEST_IDS} service_request_id values at once.`);
  }
  let categoryKeys: string[] | undefined;
  const codes = commaList(query.service_code);
  if (codes) {
    const byCode = new Map((await listCategories(db)).map((category) => [category.service_code, category.key]));
    const unknown = codes.filter((code) => !byCode.has(code));
    if (unknown.length > 0) throw new HttpError(400, `Unknown service_code "${unknown.join(", ")}".`);
    categoryKeys = codes.map((code) => byCode.get(code)!);
  }
  const found = references?.filter((id) => REFERENCE_PATTERN.test(id));
  const statuses = commaList(query.status) as Open311Status[] | undefined;
  const rows = await findRequests(db, {
    references: found,
    categoryKeys,
    start,
    end,
    statuses: statuses?.flatMap((status) => OPEN311_STATUSES[status]),
    // Ids override every other argument, paging included: a client asking for its reports by id (FixMyStreet
    // does, to follow them) gets each of them in one answer.
    page: found ? 1 : query.page,
    pageSize: found ? Math.max(1, found.length) : query.page_size,
  });
  return rows.map((row) => toOpen311Request(row, context));
}

/** One service request by its reference (any case, spaces around it ignored); 404 for any other id. */
export async function getRequest(db: Queryable, id: string, context: RequestContext): Promise<Open311Item> {
  const reference = id.trim().toUpperCase();
  const row = REFERENCE_PATTERN.test(reference) ? await findRequest(db, reference) : undefined;
  if (!row) throw new HttpError(404, `Unknown service_request_id "${id}".`);
  return toOpen311Request(row, context);
}

/** The public status changes of a window (by default the last 24 hours), oldest first; 400 beyond MAX_UPDATES. */
export async function listUpdates(
  db: Queryable,
  query: { start_date?: string | undefined; end_date?: string | undefined },
): Promise<Open311Item[]> {
  const { start, end } = dateWindow(query.start_date, query.end_date, 1);
  const rows = await findStatusUpdates(db, { start, end, limit: MAX_UPDATES + 1 });
  if (rows.length > MAX_UPDATES) {
    throw new HttpError(
      400,
      `More than ${MAX_UPDATES} updates between start_date and end_date: ask for a shorter window.`,
    );
  }
  return rows.map(toOpen311Update);
}

/**
 * start_date / end_date as the standard has them: by default the last `defaultDays` (from start_date when only it
 * is given), and never more than 90 days apart. A date stands for its whole span (w3c-datetime.ts): start_date for
 * its first instant, end_date for its last.
 */
export function dateWindow(
  startDate: string | undefined,
  endDate: string | undefined,
  defaultDays: number,
): { start: Date; end: Date } {
  const from = startDate === undefined ? undefined : parseW3cDatetime(startDate)?.first;
  const to = endDate === undefined ? undefined : parseW3cDatetime(endDate)?.last;
  const end = to ?? (from ? new Date(from.getTime() + defaultDays * DAY_MS) : new Date());
  const start = from ?? new Date(end.getTime() - defaultDays * DAY_MS);
  if (start > end) throw new HttpError(400, "start_date must not be after end_date.");
  if (end.getTime() - start.getTime() > WINDOW_DAYS * DAY_MS) {
    throw new HttpError(400, `start_date and end_date may be at most ${WINDOW_DAYS} days apart.`);
  }
  return { start, end };
}
