import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { apiPaths } from "#shared/api-paths.ts";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import { healthStatusSchema, livenessStatusSchema, storageStatusSchema } from "#shared/api-schemas/status.ts";
import type { HealthStatus } from "#shared/api-types.ts";
import { msg } from "#shared/i18n/locales.ts";
import { MESSAGES } from "#shared/messages.ts";
import type { GrievanceRepository } from "../grievances/grievance-repository.ts";
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
    refusal: msg("Too many status checks. Please wait a minute and try again."),
  },
});

/**
 * The form's storage check (specification §2) and the operator's probes (docs/operating.md, "Health and
 * readiness"): liveness says the process answers, readiness says it can serve (database and storage).
 */
export const statusRoutes: FastifyPluginAsync<StatusRoutesOptions> = async (plainApp, options) => {
  const { imageStore, storageProbe, repository, databaseKind } = options;
  const app = plainApp.withTypeProvider<ZodTypeProvider>();
  const probe = <R extends object>(operationId: string, summary: string, description: string, response: R) => ({
    config: probeLimit(STATUS_CHECKS_PER_MINUTE),
    schema: {
      operationId,
      summary,
      description,
      tags: ["health"],
      response: { ...response, ...errorResponses(429, 500) },
    },
  });

  const storageStatus = probe(
    "getStorageStatus",
    "Can images be stored?",
    "The report form's check; 503 when the bucket cannot be used.",
    { 200: storageStatusSchema, 503: storageStatusSchema },
  );
  app.get(apiPaths.storage, storageStatus, async (request, reply) => {
    const result = await storageProbe.check();
    if (!result.ok) {
      request.log.error({ err: result.error }, "storage check failed");
      reply.code(503);
      return { ok: false, bucket: imageStore.bucket, message: MESSAGES.storageUnavailable };
    }
    return { ok: true, bucket: imageStore.bucket, message: MESSAGES.storageReady };
  });

  // Needs nothing but the event loop: a load balancer or supervisor restarts the process when this fails.
  const liveness = probe("getLiveness", "Liveness", "The process answers; checks nothing else.", {
    200: livenessStatusSchema,
  });
  app.get(apiPaths.liveness, liveness, async () => ({ ok: true as const }));

  const readiness = async (request: FastifyRequest, reply: FastifyReply): Promise<HealthStatus> => {
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
  const ready = (operationId: string, summary: string) =>
    probe(operationId, summary, "Database and storage usable; 503 with what is not.", {
      200: healthStatusSchema,
      503: healthStatusSchema,
    });
  app.get(apiPaths.readiness, ready("getReadiness", "Readiness"), readiness);
  // The original health address stays, meaning readiness.
  app.get(apiPaths.health, ready("getHealth", "Readiness (the first address of the check)"), readiness);
};
