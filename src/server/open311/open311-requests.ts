import { IMAGE_URL_PREFIX } from "#shared/api-paths.ts";
import type { Status } from "#shared/domain.ts";
import type { CategoryRow } from "../categories/category-repository.ts";
import type { Queryable } from "../db/database.ts";
import type { StoredImage } from "../grievances/grievance-repository.ts";
import type { Open311Item } from "./open311-format.ts";

/** GeoReport v2 knows two states; the portal's three map onto them. */
export const OPEN311_STATUSES = { open: ["pending", "in-progress"], closed: ["resolved"] } as const satisfies Record<
  string,
  readonly Status[]
>;
export type Open311Status = keyof typeof OPEN311_STATUSES;
export const open311StatusOf = (status: Status): Open311Status => (status === "resolved" ? "closed" : "open");

export interface RequestFilter {
  /** References (`service_request_id`); when given, the other filters are not applied, as the standard says. */
  references?: string[];
  /** Any of these categories (the standard's comma list of service_code); all when absent. */
  categoryKeys?: string[];
  start: Date;
  end: Date;
  /** Any of these states (`status=open,closed`); all when absent. */
  statuses?: Open311Status[];
  page: number;
  pageSize: number;
}

interface RequestRow {
  reference: string;
  title: string;
  description: string;
  location: string | null;
  category: string;
  status: Status;
  images: StoredImage[];
  created_at: Date;
  latitude: number | null;
  longitude: number | null;
  updated_at: Date | null;
  status_notes: string | null;
}

// Public reports only, never a contact detail. The latest status change dates the update, and the latest public
// note of a status change is `status_notes`; both come from grievance_events' (grievance_id, at, id) index.
const SELECT = `
  SELECT g.reference, g.title, g.description, g.location, g.category, g.status, g.images, g.created_at,
         g.latitude::float8 AS latitude, g.longitude::float8 AS longitude,
         (SELECT max(e.at) FROM grievance_events e WHERE e.grievance_id = g.id AND e.kind = 'status') AS updated_at,
         (SELECT e.note FROM grievance_events e
           WHERE e.grievance_id = g.id AND e.kind = 'status' AND e.note IS NOT NULL
           ORDER BY e.at DESC, e.id DESC LIMIT 1) AS status_notes
  FROM grievances g`;

/** One page of requests, newest first, through the date index (or the status/category ones) at any size. */
export async function findRequests(db: Queryable, filter: RequestFilter): Promise<RequestRow[]> {
  const where = ["g.hidden_at IS NULL"];
  const params: unknown[] = [];
  const param = (value: unknown) => `$${params.push(value)}`;
  if (filter.references) {
    where.push(`g.reference = ANY(${param(filter.references)}::text[])`);
  } else {
    where.push(`g.created_at >= ${param(filter.start)}`, `g.created_at <= ${param(filter.end)}`);
    if (filter.categoryKeys?.length === 1) where.push(`g.category = ${param(filter.categoryKeys[0])}`);
    else if (filter.categoryKeys) where.push(`g.category = ANY(${param(filter.categoryKeys)}::text[])`);
    if (filter.statuses)
      where.push(`g.status = ANY(${param(filter.statuses.flatMap((s) => OPEN311_STATUSES[s]))}::text[])`);
  }
  const { rows } = await db.query<RequestRow>(
    `${SELECT} WHERE ${where.join(" AND ")} ORDER BY g.created_at DESC, g.id DESC
     LIMIT ${param(filter.pageSize)} OFFSET ${param((filter.page - 1) * filter.pageSize)}`,
    params,
  );
  return rows;
}

export async function findRequest(db: Queryable, reference: string): Promise<RequestRow | undefined> {
  const { rows } = await db.query<RequestRow>(`${SELECT} WHERE g.reference = $1 AND g.hidden_at IS NULL`, [reference]);
  return rows[0];
}

export interface RequestContext {
  categories: Map<string, CategoryRow>;
  /** The portal's address, for the links to photos. */
  linkBase: string;
  agencyResponsible: string | undefined;
  serviceNotice: string | undefined;
}

/** A report as GeoReport v2's `request`: the standard's fields in its order, then `title` (an extension). */
export function toOpen311Request(row: RequestRow, context: RequestContext): Open311Item {
  const category = context.categories.get(row.category);
  const firstImage = row.images[0];
  return {
    service_request_id: row.reference,
    status: open311StatusOf(row.status),
    status_notes: row.status_notes,
    service_name: category?.name ?? row.category,
    service_code: category?.service_code ?? null,
    description: row.description,
    agency_responsible: context.agencyResponsible ?? null,
    service_notice: context.serviceNotice ?? null,
    requested_datetime: row.created_at.toISOString(),
    updated_datetime: (row.updated_at ?? row.created_at).toISOString(),
    expected_datetime: null,
    address: row.location,
    address_id: null,
    zipcode: null,
    lat: row.latitude,
    long: row.longitude,
    media_url: firstImage ? `${context.linkBase}${IMAGE_URL_PREFIX}${firstImage.key}` : null,
    title: row.title,
  };
}
