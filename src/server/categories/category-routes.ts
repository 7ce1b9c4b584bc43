import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiPaths } from "#shared/api-paths.ts";
import { apiErrorSchema } from "#shared/api-schemas/errors.ts";
import {
  CATEGORY_MESSAGES,
  adminCategoryListSchema,
  adminCategorySchema,
  categoryChangeSchema,
  categoryListSchema,
  categoryOrderSchema,
  newCategorySchema,
} from "#shared/categories/category-schemas.ts";
import { staffApiPaths, underStaffPrefix } from "#shared/staff/staff-api.ts";
import type { Database } from "../db/database.ts";
import { HttpError } from "../http/http-error.ts";
import { STAFF_SECURITY } from "../http/openapi.ts";
import { requireAdmin, staffOf } from "../auth/require-staff.ts";
import { listCategories, toAdminCategoryView, toCategoryView } from "./category-repository.ts";
import { createCategory, reorderCategories, updateCategory } from "./category-workflow.ts";

/** GET /api/categories: what the form, the filters and the statistics offer (docs/decisions/017). */
export const publicCategoryRoutes: FastifyPluginAsync<{ db: Database }> = async (plugin, { db }) => {
  plugin.withTypeProvider<ZodTypeProvider>().get(
    apiPaths.categories,
    {
      schema: {
        tags: ["categories"],
        operationId: "listCategories",
        summary: "Every category in order: the form offers the active ones, the filters all of them",
        response: { 200: categoryListSchema, 503: apiErrorSchema },
      },
    },
    // Revalidated on every use (the API's no-cache and ETag, api-caching.ts): an administrator's change shows at once.
    async () => ({ categories: (await listCategories(db)).map(toCategoryView) }),
  );
};

/**
 * The administrators' management of categories, inside the console's guarded scope (staff-plugin.ts): add, rename,
 * describe, group, deactivate or activate, reorder. Every change is in the audit log.
 */
export const categoryAdminRoutes: FastifyPluginAsync<{ db: Database }> = async (plugin, { db }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.addHook("preHandler", requireAdmin);
  const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema };
  const serviceCodeParams = z.object({ serviceCode: z.string().max(64) });

  app.get(
    underStaffPrefix(staffApiPaths.adminCategories),
    {
      schema: {
        tags: ["admin"],
        operationId: "listAdminCategories",
        summary: "Every category, for the administrators' page",
        security: STAFF_SECURITY,
        response: { 200: adminCategoryListSchema, ...errors },
      },
    },
    async () => ({ categories: (await listCategories(db)).map(toAdminCategoryView) }),
  );

  app.post(
    underStaffPrefix(staffApiPaths.adminCategories),
    {
      schema: {
        tags: ["admin"],
        operationId: "createCategory",
        summary: "Add a category at the end of the order",
        security: STAFF_SECURITY,
        body: newCategorySchema,
        response: { 201: adminCategorySchema, ...errors, 409: apiErrorSchema },
      },
    },
    async (request, reply) => {
      const row = await createCategory(db, staffActor(request), request.body);
      return reply.code(201).send(toAdminCategoryView(row));
    },
  );

  app.post(
    underStaffPrefix(staffApiPaths.adminCategoryOrder),
    {
      schema: {
        tags: ["admin"],
        operationId: "reorderCategories",
        summary: "Put the categories in a new order",
        security: STAFF_SECURITY,
        body: categoryOrderSchema,
        response: { 200: adminCategoryListSchema, ...errors },
      },
    },
    async (request) => ({
      categories: (await reorderCategories(db, staffActor(request), request.body.service_codes)).map(
        toAdminCategoryView,
      ),
    }),
  );

  app.patch(
    underStaffPrefix(staffApiPaths.adminCategory),
    {
      schema: {
        tags: ["admin"],
        operationId: "updateCategory",
        summary: "Rename, describe, group, deactivate or activate a category",
        security: STAFF_SECURITY,
        params: serviceCodeParams,
        body: categoryChangeSchema,
        response: { 200: adminCategorySchema, ...errors, 404: apiErrorSchema, 409: apiErrorSchema },
      },
    },
    async (request) => {
      const row = await updateCategory(db, staffActor(request), request.params.serviceCode, request.body);
      if (!row) throw new HttpError(404, CATEGORY_MESSAGES.notFound);
      return toAdminCategoryView(row);
    },
  );
};

const staffActor = (request: Parameters<typeof staffOf>[0]) => {
  const staff = staffOf(request);
  return { id: staff.staffId, email: staff.email };
};
