import type { Status } from "#shared/domain.ts";
import type { Open311Item } from "./open311-format.ts";
import type { StatusUpdateRow } from "./open311-repository.ts";

/**
 * Service request updates: the extension of GeoReport v2 with which FixMyStreet (mySociety) follows what happens to
 * the reports it sent (`GET servicerequestupdates.xml`, read by its Open311::GetServiceRequestUpdates). One update is
 * one public status change of a visible report: staff's, or the reporter's "No, it is still a problem"; its note is
 * the update's text. Reporters' own updates are not in it: they are the residents' words, not the utility's answer.
 */

/**
 * FixMyStreet's states for the portal's (its Open311 map_state reads them in any case, `_` as a space). A report
 * put back to pending or in progress after it was resolved (reopened, by staff or by its reporter) is OPEN or
 * IN_PROGRESS, which FixMyStreet takes as reopening it; a word of its own such as REOPENED is no state there and
 * would leave the report fixed.
 */
export const UPDATE_STATUSES = {
  pending: "OPEN",
  "in-progress": "IN_PROGRESS",
  resolved: "FIXED",
} as const satisfies Record<Status, string>;

/** An update as the extension's `request_update`. */
export function toOpen311Update(row: StatusUpdateRow): Open311Item {
  return {
    update_id: row.update_id,
    service_request_id: row.reference,
    status: UPDATE_STATUSES[row.to_status],
    // W3C-DTF to the second: FixMyStreet compares these as text with the whole-second dates it asked with.
    updated_datetime: `${row.at.toISOString().slice(0, 19)}Z`,
    description: row.note ?? "",
    // A status change carries no photo; the element is there, empty, as FixMyStreet's own examples have it.
    media_url: null,
  };
}
