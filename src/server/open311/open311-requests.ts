import { IMAGE_URL_PREFIX } from "#shared/api-paths.ts";
import type { Status } from "#shared/domain.ts";
import type { CategoryRow } from "../categories/category-repository.ts";
import type { Open311Item } from "./open311-format.ts";
import type { RequestRow } from "./open311-repository.ts";

/** GeoReport v2 knows two states; the portal's three map onto them. */
export const OPEN311_STATUSES = { open: ["pending", "in-progress"], closed: ["resolved"] } as const satisfies Record<
  string,
  readonly Status[]
>;
export type Open311Status = keyof typeof OPEN311_STATUSES;
export const open311StatusOf = (status: Status): Open311Status => (status === "resolved" ? "closed" : "open");

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
    // When it should be fulfilled by its service target (docs/decisions/030): an open request's due time.
    expected_datetime: row.status !== "resolved" && row.due_resolve_at ? row.due_resolve_at.toISOString() : null,
    address: row.location,
    // The water point's code (docs/decisions/040-reporting-against-water-points.md).
    address_id: row.water_point_code,
    zipcode: null,
    lat: row.latitude,
    long: row.longitude,
    media_url: firstImage ? `${context.linkBase}${IMAGE_URL_PREFIX}${firstImage.key}` : null,
    title: row.title,
  };
}
