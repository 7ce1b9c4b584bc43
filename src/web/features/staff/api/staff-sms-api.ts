import { pathTo } from "#shared/api-paths.ts";
import type { StaffGrievanceDetail } from "#shared/staff/staff-api.ts";
import { staffApiPaths } from "#shared/staff/staff-api.ts";
import type { LatLng } from "#shared/places/geo.ts";
import { apiFetch } from "#web/lib/api-client.ts";

/** The console's requests of the staff's side of SMS (docs/decisions/041-sms-for-staff.md). */

const postJson = <T>(path: string, body: unknown) =>
  apiFetch<T>(path, { method: "POST", body: JSON.stringify(body), headers: { "Content-Type": "application/json" } });

/** sendSmsToReporter: queued for the reporter's phone; answers the report with the message in its conversation. */
export function sendSmsToReporter(id: string, text: string): Promise<StaffGrievanceDetail> {
  return postJson(pathTo(staffApiPaths.smsToReporter, { id }), { text });
}

/** setGrievanceLocation: the pin staff placed; the report's words for the place stay. */
export function setGrievanceLocation(id: string, pin: LatLng): Promise<StaffGrievanceDetail> {
  return postJson(pathTo(staffApiPaths.location, { id }), pin);
}
