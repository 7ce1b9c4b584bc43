import type { FastifyPluginAsync } from "fastify";
import { apiPaths } from "../../shared/api-paths.ts";
import type { HealthStatus, StorageStatus } from "../../shared/api-types.ts";
import { MESSAGES } from "../../shared/messages.ts";
import type { GrievanceRepository } from "../grievances/grievance-repository.ts";
import type { ImageStore } from "../storage/image-store.ts";

export interface StatusRoutesOptions {
  imageStore: ImageStore;
  repository: GrievanceRepository;
  databaseKind: HealthStatus["database"]["kind"];
}

/** The form's storage check (specification §2) and an operator's health probe. */
export const statusRoutes: FastifyPluginAsync<StatusRoutesOptions> = async (app, { imageStore, repository, databaseKind }) => {
  const checkStorage = async (): Promise<{ ok: true } | { ok: false; error: unknown }> => {
    try {
      await imageStore.check();
      return { ok: true };
    } catch (error) {
      return { ok: false, error };
    }
  };

  app.get(apiPaths.storage, async (request, reply): Promise<StorageStatus> => {
    const result = await checkStorage();
    if (!result.ok) {
      request.log.error({ err: result.error }, "storage check failed");
      reply.code(503);
      return { ok: false, bucket: imageStore.bucket, message: MESSAGES.storageUnavailable };
    }
    return { ok: true, bucket: imageStore.bucket, message: MESSAGES.storageReady };
  });

  app.get(apiPaths.health, async (request, reply): Promise<HealthStatus> => {
    const [database, storage] = await Promise.all([
      repository.ping().then(
        () => ({ ok: true, kind: databaseKind }),
        (error: unknown) => {
          request.log.error({ err: error }, "database health check failed");
          return { ok: false, kind: databaseKind, message: "The database is not reachable." };
        },
      ),
      checkStorage().then((result) => {
        if (result.ok) return { ok: true };
        request.log.error({ err: result.error }, "storage health check failed");
        return { ok: false, message: MESSAGES.storageUnavailable };
      }),
    ]);
    const ok = database.ok && storage.ok;
    if (!ok) reply.code(503);
    return { ok, database, storage };
  });
};
