import type { FastifyPluginAsync, RouteHandlerMethod } from "fastify";
import { apiPaths } from "../../shared/api-paths.ts";
import type { HealthStatus, LivenessStatus, StorageStatus } from "../../shared/api-types.ts";
import { MESSAGES } from "../../shared/messages.ts";
import type { GrievanceRepository } from "../grievances/grievance-repository.ts";
import { HttpError } from "../http/http-error.ts";
import type { ImageStore } from "../storage/image-store.ts";
import type { StorageProbe } from "../storage/storage-probe.ts";

export interface StatusRoutesOptions {
  imageStore: ImageStore;
  storageProbe: StorageProbe;
  repository: GrievanceRepository;
  databaseKind: HealthStatus["database"]["kind"];
}

// Generous: many visitors may share one address (carrier NAT), and the answers are cheap now that the storage
// probe is cached; a flood still gets 429 instead of tying up the process.
export const STATUS_CHECKS_PER_MINUTE = 300;
const probeLimit = (max: number) => ({
  rateLimit: {
    max,
    timeWindow: 60_000,
    errorResponseBuilder: () => new HttpError(429, "Too many status checks. Please wait a minute and try again."),
  },
});

/**
 * The form's storage check (specification §2) and the operator's probes (docs/operations.md, "Health and
 * readiness"): liveness says the process answers, readiness says it can serve (database and storage).
 */
export const statusRoutes: FastifyPluginAsync<StatusRoutesOptions> = async (app, options) => {
  const { imageStore, storageProbe, repository, databaseKind } = options;

  app.get(apiPaths.storage, { config: probeLimit(STATUS_CHECKS_PER_MINUTE) }, async (request, reply): Promise<StorageStatus> => {
    const result = await storageProbe.check();
    if (!result.ok) {
      request.log.error({ err: result.error }, "storage check failed");
      reply.code(503);
      return { ok: false, bucket: imageStore.bucket, message: MESSAGES.storageUnavailable };
    }
    return { ok: true, bucket: imageStore.bucket, message: MESSAGES.storageReady };
  });

  // Needs nothing but the event loop: a load balancer or supervisor restarts the process when this fails.
  app.get(apiPaths.liveness, { config: probeLimit(STATUS_CHECKS_PER_MINUTE) }, async (): Promise<LivenessStatus> => ({ ok: true }));

  const readiness: RouteHandlerMethod = async (request, reply): Promise<HealthStatus> => {
    const [database, storage] = await Promise.all([
      repository.ping().then(
        () => ({ ok: true, kind: databaseKind }),
        (error: unknown) => {
          request.log.error({ err: error }, "database health check failed");
          return { ok: false, kind: databaseKind, message: "The database is not reachable." };
        },
      ),
      storageProbe.check().then((result) => {
        if (result.ok) return { ok: true };
        request.log.error({ err: result.error }, "storage health check failed");
        return { ok: false, message: MESSAGES.storageUnavailable };
      }),
    ]);
    const ok = database.ok && storage.ok;
    if (!ok) reply.code(503);
    return { ok, database, storage };
  };
  app.get(apiPaths.readiness, { config: probeLimit(STATUS_CHECKS_PER_MINUTE) }, readiness);
  // The original health address stays, meaning readiness.
  app.get(apiPaths.health, { config: probeLimit(STATUS_CHECKS_PER_MINUTE) }, readiness);
};
