import type { NewGrievance } from "#shared/grievances/grievance-schema.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import type { ServiceAreaGeometry } from "#shared/places/geo.ts";
import type { TakenChannel } from "#shared/staff/call-and-duplicate-schemas.ts";
import { recordAudit, type AuditActor } from "../admin/audit-log-repository.ts";
import type { GrievanceRow } from "../grievances/grievance-row.ts";
import type { GrievanceService, Upload } from "../grievances/grievance-service.ts";
import { notify } from "../delivery/index.ts";
import { refusePinOutsideArea } from "../places/pin-in-area.ts";
import { hashTrackingToken, newTrackingToken } from "../tracking/tracking-token.ts";
import { trackingUrlOf } from "../tracking/tracking-url.ts";

/**
 * A report that staff take for a caller (docs/decisions/033-duplicates-calls-and-templates.md): the public form's
 * checks, then GrievanceService.submit like every new report (so routing and due times apply, report-created.ts),
 * with its channel; in the same transaction the audit log and, when the caller gave an address, their receipt with
 * the private link, in their language. The link goes to the caller alone: staff see the report in the console.
 */
export async function takeReportForCaller(
  deps: { service: GrievanceService; mailLinkBase: string; serviceArea: ServiceAreaGeometry | undefined },
  call: {
    input: NewGrievance;
    uploads: Upload[];
    channel: TakenChannel;
    locale: Locale;
    actor: Exclude<AuditActor, "command line">;
  },
): Promise<GrievanceRow> {
  const { input, uploads, channel, locale, actor } = call;
  refusePinOutsideArea(deps.serviceArea, input);
  const token = newTrackingToken();
  return deps.service.submit(
    input,
    uploads,
    { trackingTokenHash: hashTrackingToken(token), locale, channel },
    async (tx, row) => {
      await recordAudit(tx, actor, {
        action: "grievance.create_on_behalf",
        target: row.reference,
        details: { channel },
      });
      await notify(tx, {
        kind: "report-submitted",
        report: { ...row, locale },
        trackingUrl: trackingUrlOf(deps.mailLinkBase, token),
        linkBase: deps.mailLinkBase,
      });
    },
  );
}
