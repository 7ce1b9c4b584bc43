import type { FastifyPluginAsync } from "fastify";
import { apiPaths } from "../../shared/api-paths.ts";
import type { GrievanceListResponse, PublicGrievance } from "../../shared/api-types.ts";
import {
  fieldErrorsOf,
  grievanceInputSchema,
  grievanceListQuerySchema,
  summaryMessageOf,
} from "../../shared/grievance-schema.ts";
import { MESSAGES } from "../../shared/messages.ts";
import { HttpError } from "../http/http-error.ts";
import type { GrievanceRepository } from "./grievance-repository.ts";
import type { GrievanceService } from "./grievance-service.ts";
import { toPublicGrievance } from "./public-grievance.ts";
import { readSubmission } from "./read-submission.ts";

export interface GrievanceRoutesOptions {
  repository: GrievanceRepository;
  service: GrievanceService;
  submissionsPerHour: number;
}

const ONE_HOUR_MS = 60 * 60 * 1000;

export const grievanceRoutes: FastifyPluginAsync<GrievanceRoutesOptions> = async (app, options) => {
  const { repository, service } = options;

  app.post(
    apiPaths.grievances,
    { config: { rateLimit: { max: options.submissionsPerHour, timeWindow: ONE_HOUR_MS, shared: true } } },
    async (request, reply): Promise<PublicGrievance> => {
      const { fields, uploads } = await readSubmission(request);
      const parsed = grievanceInputSchema.safeParse(fields);
      if (!parsed.success) {
        const fieldErrors = fieldErrorsOf(parsed.error);
        throw new HttpError(400, summaryMessageOf(fieldErrors), fieldErrors);
      }
      const row = await service.submit(parsed.data, uploads);
      reply.code(201);
      return toPublicGrievance(row);
    },
  );

  app.get(apiPaths.grievances, async (request): Promise<GrievanceListResponse> => {
    const parsed = grievanceListQuerySchema.safeParse(request.query);
    if (!parsed.success) {
      const fields = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0])))].join(", ");
      throw new HttpError(400, `Invalid list query: please check ${fields}.`);
    }
    const { page, pageSize, ...filters } = parsed.data;
    const result = await repository.list(filters, { page, pageSize });
    return { items: result.rows.map(toPublicGrievance), matching: result.matching, total: result.total, page, pageSize };
  });

  app.get<{ Params: { id: string } }>(`${apiPaths.grievances}/:id`, async (request): Promise<PublicGrievance> => {
    const row = await repository.findById(request.params.id);
    if (!row) throw new HttpError(404, MESSAGES.grievanceNotFound);
    return toPublicGrievance(row);
  });
};
