import type { FastifyPluginAsync } from "fastify";
import { apiPaths } from "../../shared/api-paths.ts";
import type { GrievanceListResponse, PublicGrievance } from "../../shared/api-types.ts";
import {
  fieldErrorsOf,
  grievanceInputSchema,
  grievanceListQuerySchema,
  summaryMessageOf,
} from "../../shared/grievance-schema.ts";
import type { ServiceAreaGeometry } from "../../shared/geo.ts";
import { isInsideArea } from "../../shared/service-area.ts";
import { LOCATION_MESSAGES } from "../../shared/location-messages.ts";
import { MESSAGES } from "../../shared/messages.ts";
import type { SubmittedGrievance } from "../../shared/tracking.ts";
import { HttpError } from "../http/http-error.ts";
import type { Queryable } from "../db/database.ts";
import { notifyReportSubmitted } from "../notifications/notify.ts";
import { hashTrackingToken, newTrackingSalt, newTrackingToken, trackingTokenForKey } from "../tracking/tracking-token.ts";
import { linkBaseOf, trackingUrlOf } from "../tracking/tracking-url.ts";
import type { GrievanceRepository, GrievanceRow } from "./grievance-repository.ts";
import type { GrievanceService } from "./grievance-service.ts";
import {
  bindIdempotencyKey,
  claimIdempotencyKey,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_MESSAGES,
  idempotencyKeyOf,
  releaseIdempotencyKey,
  submissionHash,
} from "./idempotency-keys.ts";
import { decodeCursor, encodeCursor } from "./list-cursor.ts";
import { toPublicGrievance } from "./public-grievance.ts";
import { readSubmission } from "./read-submission.ts";

export interface GrievanceRoutesOptions {
  db: Queryable;
  repository: GrievanceRepository;
  service: GrievanceService;
  submissionsPerHour: number;
  /** PUBLIC_URL (config.ts): the start of the tracking links; else each request's origin. */
  publicUrl: string | undefined;
  /** SERVICE_AREA_FILE's polygon (config.ts): a pin outside it is refused. Undefined: any pin is accepted. */
  serviceArea?: ServiceAreaGeometry | undefined;
}

const ONE_HOUR_MS = 60 * 60 * 1000;

export const grievanceRoutes: FastifyPluginAsync<GrievanceRoutesOptions> = async (app, options) => {
  const { db, repository, service } = options;

  app.post(
    apiPaths.grievances,
    { config: { rateLimit: { max: options.submissionsPerHour, timeWindow: ONE_HOUR_MS, shared: true } } },
    async (request, reply): Promise<SubmittedGrievance> => {
      const idempotencyKey = idempotencyKeyOf(request.headers[IDEMPOTENCY_HEADER]);
      const linkBase = linkBaseOf(request, options.publicUrl);
      const { fields, uploads } = await readSubmission(request);
      const parsed = grievanceInputSchema.safeParse(fields);
      if (!parsed.success) {
        const fieldErrors = fieldErrorsOf(parsed.error);
        throw new HttpError(400, summaryMessageOf(fieldErrors), fieldErrors);
      }
      // A pin is optional; one outside the area served is refused on its field (docs/decisions/016-map-and-location.md).
      const { latitude, longitude } = parsed.data;
      if (options.serviceArea && latitude !== undefined && longitude !== undefined && !isInsideArea(options.serviceArea, { latitude, longitude })) {
        throw new HttpError(400, LOCATION_MESSAGES.outsideServiceArea, { latitude: LOCATION_MESSAGES.outsideServiceArea });
      }
      // The only answer that carries the tracking token: to the reporter, once (and again to a retry of theirs).
      const answer = (row: GrievanceRow, token: string): SubmittedGrievance => ({
        ...toPublicGrievance(row),
        trackingUrl: trackingUrlOf(linkBase, token),
      });
      // E-mail (issue 8): the receipt is queued in the submit's own transaction, so it exists iff the report does.
      const notify = (tx: Queryable, row: GrievanceRow, token: string) =>
        notifyReportSubmitted(tx, row, { trackingUrl: trackingUrlOf(linkBase, token), linkBase });
      reply.code(201);
      if (!idempotencyKey) {
        const token = newTrackingToken();
        return answer(await service.submit(parsed.data, uploads, hashTrackingToken(token), (tx, row) => notify(tx, row, token)), token);
      }

      const claim = await claimIdempotencyKey(db, idempotencyKey, submissionHash(fields, uploads));
      if (claim.kind === "submitted") {
        // A retry whose first attempt arrived: the same answer again, the same link included (derived from the key
        // the retry sent and the salt kept with it, idempotency-keys.ts), nothing new stored. A report hidden since,
        // or one bound before tracking links existed, has no answer to repeat.
        const earlier = await repository.findById(claim.grievanceId);
        if (!earlier || !claim.trackingSalt) throw new HttpError(409, IDEMPOTENCY_MESSAGES.alreadySubmitted);
        reply.header("idempotent-replayed", "true");
        return answer(earlier, trackingTokenForKey(idempotencyKey, claim.trackingSalt));
      }
      const salt = newTrackingSalt();
      const token = trackingTokenForKey(idempotencyKey, salt);
      try {
        const row = await service.submit(parsed.data, uploads, hashTrackingToken(token), async (tx, inserted) => {
          await bindIdempotencyKey(tx, idempotencyKey, inserted.id, salt);
          await notify(tx, inserted, token);
        });
        return answer(row, token);
      } catch (error) {
        await releaseIdempotencyKey(db, idempotencyKey).catch((releaseError: unknown) =>
          request.log.error({ err: releaseError }, "could not release an idempotency key; it frees itself later"),
        );
        throw error;
      }
    },
  );

  app.get(apiPaths.grievances, async (request): Promise<GrievanceListResponse> => {
    const invalid = (fields: string) => new HttpError(400, `Invalid list query: please check ${fields}.`);
    const parsed = grievanceListQuerySchema.safeParse(request.query);
    if (!parsed.success) throw invalid([...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))].join(", "));
    const { page, pageSize, cursor: token, ...filters } = parsed.data;
    const cursor = token === undefined ? undefined : decodeCursor(token);
    if (token !== undefined && !cursor) throw invalid("cursor");
    const result = await repository.list(filters, { page, pageSize, cursor });
    return {
      items: result.rows.map(toPublicGrievance),
      matching: result.matching,
      matchingCapped: result.matchingCapped,
      total: result.total,
      page,
      pageSize,
      nextCursor: result.older && encodeCursor({ direction: "after", ...result.older }),
      prevCursor: result.newer && encodeCursor({ direction: "before", ...result.newer }),
    };
  });

  app.get<{ Params: { id: string } }>(`${apiPaths.grievances}/:id`, async (request): Promise<PublicGrievance> => {
    const row = await repository.findById(request.params.id);
    if (!row) throw new HttpError(404, MESSAGES.grievanceNotFound);
    return toPublicGrievance(row);
  });
};
