import type { FastifyBaseLogger } from "fastify";
import type { NewGrievance } from "#shared/grievances/grievance-schema.ts";
import type { Locale } from "#shared/i18n/locales.ts";
import type { ServiceAreaGeometry } from "#shared/places/geo.ts";
import type { SubmittedGrievance } from "#shared/tracking/tracking.ts";
import type { Queryable } from "../db/database.ts";
import { HttpError } from "../http/http-error.ts";
import { notify as notifyOf } from "../delivery/index.ts";
import { refusePinOutsideArea } from "../places/pin-in-area.ts";
import {
  hashTrackingToken,
  newTrackingSalt,
  newTrackingToken,
  trackingTokenForKey,
} from "../tracking/tracking-token.ts";
import { trackingUrlOf } from "../tracking/tracking-url.ts";
import type { GrievanceRepository } from "./grievance-repository.ts";
import type { GrievanceRow } from "./grievance-row.ts";
import type { GrievanceService, Upload } from "./grievance-service.ts";
import {
  bindIdempotencyKey,
  claimIdempotencyKey,
  IdempotencyKeyBoundError,
  IDEMPOTENCY_MESSAGES,
  releaseIdempotencyKey,
  submissionHash,
  type Claim,
} from "./idempotency-key-repository.ts";
import { toPublicGrievance } from "./public-grievance.ts";

/**
 * Submitting a report from the form (POST /api/grievances): the pin checked against the area served, the report
 * stored with its photos (GrievanceService), the receipt queued in the same transaction, and, with an
 * `Idempotency-Key`, a retry answered with the first attempt's report instead of a second one
 * (idempotency-key-repository.ts).
 */

export interface SubmissionDeps {
  db: Queryable;
  repository: GrievanceRepository;
  service: GrievanceService;
  /** Where links in e-mail start: from configuration only, never a request (http/public-links.ts). */
  mailLinkBase: string;
  /** SERVICE_AREA_FILE's polygon: a pin outside it is refused. Undefined: any pin is accepted. */
  serviceArea?: ServiceAreaGeometry | undefined;
  logger: FastifyBaseLogger;
}

export interface ReportSubmission {
  input: NewGrievance;
  /** The form's fields as sent: with the uploads, what a retry must repeat to be one (submissionHash). */
  fields: Record<string, string>;
  uploads: Upload[];
  idempotencyKey: string | undefined;
  /** The portal's address as the reporter reaches it: the start of the tracking link in the answer. */
  linkBase: string;
  /** The reporter's language, kept with the report: their e-mails are worded in it (docs/decisions/019-languages.md). */
  locale: Locale;
}

/** The answer, and whether it repeats an earlier attempt's (`Idempotent-Replayed`). */
export async function submitReport(
  deps: SubmissionDeps,
  submission: ReportSubmission,
): Promise<{ answer: SubmittedGrievance; replayed: boolean }> {
  const { input, fields, uploads, idempotencyKey, linkBase, locale } = submission;
  // A pin is optional; one outside the area served is refused on its field (docs/decisions/016-map-and-location.md).
  refusePinOutsideArea(deps.serviceArea, input);
  // The only answer that carries the tracking token: to the reporter, once (and again to a retry of theirs).
  const answer = (row: GrievanceRow, token: string): SubmittedGrievance => ({
    ...toPublicGrievance(row),
    trackingUrl: trackingUrlOf(linkBase, token),
  });
  // E-mail (docs/decisions/014-transactional-outbox-email.md): the receipt is queued in the submit's own
  // transaction, so it exists iff the report does.
  const notify = (tx: Queryable, row: GrievanceRow, token: string) =>
    // The receipt goes to the address typed in, which may be anyone's: its links come from configuration only.
    notifyOf(tx, {
      kind: "report-submitted",
      report: { ...row, locale },
      trackingUrl: trackingUrlOf(deps.mailLinkBase, token),
      linkBase: deps.mailLinkBase,
    }).then(() => undefined);
  if (!idempotencyKey) {
    const token = newTrackingToken();
    const submitted = await deps.service.submit(
      input,
      uploads,
      { trackingTokenHash: hashTrackingToken(token), locale },
      (tx, row) => notify(tx, row, token),
    );
    return { answer: answer(submitted, token), replayed: false };
  }

  const requestHash = submissionHash(fields, uploads);
  const replay = async (claim: Extract<Claim, { kind: "submitted" }>) => {
    // A retry whose first attempt arrived: the same answer again, the same link included (derived from the key the
    // retry sent and the salt kept with it), nothing new stored. A report hidden since, or one bound before tracking
    // links existed, has no answer to repeat.
    const earlier = await deps.repository.findById(claim.grievanceId);
    if (!earlier || !claim.trackingSalt) throw new HttpError(409, IDEMPOTENCY_MESSAGES.alreadySubmitted);
    return { answer: answer(earlier, trackingTokenForKey(idempotencyKey, claim.trackingSalt)), replayed: true };
  };
  const claim = await claimIdempotencyKey(deps.db, idempotencyKey, requestHash);
  if (claim.kind === "submitted") return replay(claim);
  const salt = newTrackingSalt();
  const token = trackingTokenForKey(idempotencyKey, salt);
  try {
    const row = await deps.service.submit(
      input,
      uploads,
      { trackingTokenHash: hashTrackingToken(token), locale },
      async (tx, inserted) => {
        await bindIdempotencyKey(tx, idempotencyKey, requestHash, inserted.id, salt);
        await notify(tx, inserted, token);
      },
    );
    return { answer: answer(row, token), replayed: false };
  } catch (error) {
    if (error instanceof IdempotencyKeyBoundError) {
      // A retry took this attempt's claim over (its lease ran out) and stored the report first; this attempt was
      // rolled back and answers with that report.
      const bound = await claimIdempotencyKey(deps.db, idempotencyKey, requestHash);
      if (bound.kind === "submitted") return replay(bound);
    }
    await releaseIdempotencyKey(deps.db, idempotencyKey).catch((releaseError: unknown) =>
      deps.logger.error({ err: releaseError }, "could not release an idempotency key; it frees itself later"),
    );
    throw error;
  }
}
