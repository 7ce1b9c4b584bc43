import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import { importResultSchema, waterPointAdminListSchema } from "#shared/api-schemas/water-point-registry.ts";
import { msg } from "#shared/i18n/locales.ts";
import { englishText } from "#shared/i18n/english-text.ts";
import { staffApiPaths, underStaffPrefix } from "#shared/staff/staff-api.ts";
import {
  newWaterPointSchema,
  waterPointFieldsSchema,
  waterPointRecordSchema,
} from "#shared/water-points/water-point-schemas.ts";
import type { Database } from "../db/database.ts";
import { HttpError } from "../http/http-error.ts";
import { STAFF_SECURITY } from "../http/openapi.ts";
import { requireAdmin, staffOf } from "../auth/require-staff.ts";
import { MAX_IMPORT_ENTRIES } from "./water-point-import-file.ts";
import { listWaterPointPage, type WaterPointRow } from "./water-point-registry-repository.ts";
import {
  createWaterPoint,
  importWaterPoints,
  retireWaterPoint,
  updateWaterPoint,
} from "./water-point-registry-workflow.ts";

/** The largest file an import takes: a national registry of MAX_IMPORT_ENTRIES points in WPDx's CSV fits. */
export const MAX_IMPORT_BYTES = 40 * 1024 * 1024;
const IMPORT_FIELD = "file";
const PAGE_SIZE = 50;

export const IMPORT_MESSAGES = {
  tooLarge: englishText(
    msg("The file is larger than {size} MB. Please split it (by region, for example) and import each part."),
    { size: MAX_IMPORT_BYTES / 1024 / 1024 },
  ),
  noFile: msg("Please choose a file to import (the form field `file`): a CSV or a GeoJSON file."),
} as const;

const toRecord = (row: WaterPointRow) => ({
  code: row.code,
  name: row.name,
  latitude: row.latitude,
  longitude: row.longitude,
  water_source: row.water_source,
  water_tech: row.water_tech,
  status_id: row.status_id,
  adm1: row.adm1,
  adm2: row.adm2,
  adm3: row.adm3,
  adm4: row.adm4,
  install_year: row.install_year,
  management: row.management,
  retired_at: row.retired_at?.toISOString() ?? null,
  updated_at: row.updated_at.toISOString(),
});

const actorOf = (request: FastifyRequest) => {
  const staff = staffOf(request);
  return { id: staff.staffId, email: staff.email };
};

/**
 * The administrators' registry of water points (docs/decisions/036-water-points.md), inside the console's guarded
 * scope (staff-plugin.ts): the list, an import (with its preview), a point added, edited, retired or put back.
 */
export const waterPointAdminRoutes: FastifyPluginAsync<{ db: Database }> = async (plugin, { db }) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  app.addHook("preHandler", requireAdmin);
  const errors = errorResponses(400, 401, 403);
  const codeParams = z.object({ code: z.string().max(64) });
  const common = { tags: ["admin"], security: STAFF_SECURITY };

  app.get(
    underStaffPrefix(staffApiPaths.adminWaterPoints),
    {
      schema: {
        ...common,
        operationId: "listAdminWaterPoints",
        summary: "The registry's water points, retired ones too, by code, 50 at a time",
        description: "`q` finds a part of the code or the name; `after`: the `nextAfter` of the previous page.",
        querystring: z.object({ q: z.string().trim().max(100).optional(), after: z.string().max(64).optional() }),
        response: { 200: waterPointAdminListSchema, ...errors },
      },
    },
    async (request) => {
      const rows = await listWaterPointPage(db, { ...request.query, limit: PAGE_SIZE + 1 });
      const items = rows.slice(0, PAGE_SIZE).map(toRecord);
      return { items, nextAfter: rows.length > PAGE_SIZE ? (items.at(-1)?.code ?? null) : null };
    },
  );

  app.post(
    underStaffPrefix(staffApiPaths.adminWaterPointImport),
    {
      schema: {
        ...common,
        operationId: "importWaterPoints",
        summary: "Import water points from a CSV with WPDx's field names or a GeoJSON FeatureCollection",
        description:
          "Multipart, the file in the field `file`; its kind is read from its content. Points are created or updated " +
          "by code (wpdx_id, whatever its case); each rejected row is answered with its line (CSV; the header is " +
          "line 1) or feature number, and the reason. All valid rows are stored in one transaction. `dryRun=true`: " +
          `the same answer, nothing stored. At most ${MAX_IMPORT_ENTRIES.toLocaleString("en")} points and ` +
          `${MAX_IMPORT_BYTES / 1024 / 1024} MB per file.`,
        querystring: z.object({ dryRun: z.enum(["true", "false"]).optional() }),
        multipartBody: {
          fields: z.object({}),
          files: {
            field: IMPORT_FIELD,
            maxFiles: 1,
            maxFileBytes: MAX_IMPORT_BYTES,
            mediaTypes: ["text/csv", "application/geo+json", "application/json"],
            description: "The registry: a CSV with WPDx's column names, or a GeoJSON FeatureCollection of points.",
          },
          maxBodyBytes: MAX_IMPORT_BYTES,
        },
        response: { 200: importResultSchema, ...errors, ...errorResponses(413) },
      },
    },
    async (request) => {
      const file = await readImportUpload(request);
      return importWaterPoints(db, actorOf(request), file, request.query.dryRun === "true");
    },
  );

  app.post(
    underStaffPrefix(staffApiPaths.adminWaterPoints),
    {
      schema: {
        ...common,
        operationId: "createWaterPoint",
        summary: "Add a water point by hand",
        body: newWaterPointSchema,
        response: { 201: waterPointRecordSchema, ...errors, ...errorResponses(409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(toRecord(await createWaterPoint(db, actorOf(request), request.body))),
  );

  app.put(
    underStaffPrefix(staffApiPaths.adminWaterPoint),
    {
      schema: {
        ...common,
        operationId: "updateWaterPoint",
        summary: "Edit a water point: everything but its code",
        params: codeParams,
        body: waterPointFieldsSchema,
        response: { 200: waterPointRecordSchema, ...errors, ...errorResponses(404) },
      },
    },
    async (request) => toRecord(await updateWaterPoint(db, actorOf(request), request.params.code, request.body)),
  );

  for (const [path, operationId, summary, retired] of [
    [
      staffApiPaths.adminWaterPointRetire,
      "retireWaterPoint",
      "Retire a water point: it leaves the map and the form, and keeps its page and reports",
      true,
    ],
    [staffApiPaths.adminWaterPointUnretire, "unretireWaterPoint", "Put a retired water point back in service", false],
  ] as const) {
    app.post(
      underStaffPrefix(path),
      {
        schema: {
          ...common,
          operationId,
          summary,
          params: codeParams,
          response: { 200: waterPointRecordSchema, ...errors, ...errorResponses(404) },
        },
      },
      async (request) => toRecord(await retireWaterPoint(db, actorOf(request), request.params.code, retired)),
    );
  }
};

/** The upload's one file, whole; larger than MAX_IMPORT_BYTES is a 413, no file a 400. */
async function readImportUpload(request: FastifyRequest): Promise<{ bytes: Buffer; filename: string | undefined }> {
  if (Number(request.headers["content-length"]) > MAX_IMPORT_BYTES + 64 * 1024) {
    throw new HttpError(413, IMPORT_MESSAGES.tooLarge, undefined, { closeConnection: true });
  }
  if (!request.isMultipart()) throw new HttpError(400, IMPORT_MESSAGES.noFile);
  const part = await request.file({ limits: { fileSize: MAX_IMPORT_BYTES, files: 1 } });
  if (!part || part.fieldname !== IMPORT_FIELD) throw new HttpError(400, IMPORT_MESSAGES.noFile);
  const bytes = await part.toBuffer();
  if (part.file.truncated) throw new HttpError(413, IMPORT_MESSAGES.tooLarge, undefined, { closeConnection: true });
  if (bytes.length === 0) throw new HttpError(400, IMPORT_MESSAGES.noFile);
  return { bytes, filename: part.filename || undefined };
}
