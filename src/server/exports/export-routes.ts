import type { FastifyPluginAsync, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { exportPaths, LIST_PAGE_PATH, reportPagePath } from "#shared/api-paths.ts";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import { nonJsonAnswer } from "#shared/api-schemas/media.ts";
import { grievanceListQuerySchema, type GrievanceListFilters } from "#shared/grievances/grievance-schema.ts";
import { formatBbox } from "#shared/places/geo.ts";
import { msg } from "#shared/i18n/locales.ts";
import { statusLabel } from "#shared/format.ts";
import type { Queryable } from "../db/database.ts";
import { inMinutes } from "../http/rate-limit-refusal.ts";
import { feedLinksOf } from "../http/public-links.ts";
import { linkBaseOf } from "../tracking/tracking-url.ts";
import { exportRows } from "./export-repository.ts";
import { FEED_LENGTH, feedEntries } from "./feed-repository.ts";
import { grievanceAtom } from "./grievance-atom.ts";
import { grievanceCsv } from "./grievance-csv.ts";

export interface ExportRoutesOptions {
  db: Queryable;
  publicUrl: string | undefined;
}

/** The list's filters, without paging: what both the CSV and the feed take (the shared schema's own fields). */
const { q, category, status, priority, bbox } = grievanceListQuerySchema.shape;
export const exportQuerySchema = z.object({ q, category, status, priority, bbox });

// A whole export reads every matching report: a client may start this many an hour (counted across instances).
const EXPORTS_PER_HOUR = 60;

/**
 * CSV of the current public filter and an Atom feed of what happens to the matching reports
 * (docs/integrators.md). Hidden reports never appear; contact details never leave.
 */
export const exportRoutes: FastifyPluginAsync<ExportRoutesOptions> = async (plugin, options) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { db } = options;

  app.get(
    exportPaths.grievancesCsv,
    {
      schema: {
        tags: ["exports"],
        operationId: "exportGrievancesCsv",
        summary: "Every public report matching the list's filters, as CSV",
        description:
          "Newest first, streamed. Columns: reference, title, description, category, priority, status, location, " +
          "latitude, longitude, people_affected, reported_at, last_updated_at, url. No contact details. A cell " +
          "starting with =, +, -, @, tab or carriage return is prefixed with an apostrophe.",
        querystring: exportQuerySchema,
        // A stream of text/csv, which Fastify sends as it is (no serialiser runs on a stream).
        response: {
          200: nonJsonAnswer("text/csv", "CSV (RFC 4180), a header row first."),
          ...errorResponses(400, 429),
        },
      },
      config: {
        rateLimit: {
          max: EXPORTS_PER_HOUR,
          timeWindow: 60 * 60 * 1000,
          shared: true,
          refusal: inMinutes(
            msg("Too many downloads of the reports from your connection. Please try again in {minutes} minute."),
            msg("Too many downloads of the reports from your connection. Please try again in {minutes} minutes."),
          ),
        },
      },
    },
    async (request, reply) => {
      const linkBase = linkBaseOf(request, options.publicUrl);
      const day = new Date().toISOString().slice(0, 10);
      reply
        .type("text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="reports-${day}.csv"`)
        .header("cache-control", "no-store");
      // A stream (the schema's text/csv string describes what it sends), which Fastify sends as it is.
      return (reply as FastifyReply).send(
        grievanceCsv(exportRows(db, request.query), (id) => `${linkBase}${reportPagePath(id)}`),
      );
    },
  );

  app.get(
    exportPaths.grievancesFeed,
    {
      schema: {
        tags: ["exports"],
        operationId: "getGrievanceFeed",
        summary: "An Atom feed of new reports and status changes matching the list's filters",
        description: `The latest ${FEED_LENGTH} new reports and status changes, newest first.`,
        querystring: exportQuerySchema,
        response: { 200: nonJsonAnswer("application/atom+xml", "Atom 1.0 (RFC 4287)."), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      // Cached publicly and read by anyone: links from PUBLIC_URL only, never the request's Host (public-links.ts).
      const links = feedLinksOf(options.publicUrl);
      const linkBase = links.base;
      const search = filterSearch(request.query);
      const entries = await feedEntries(db, request.query);
      reply.type("application/atom+xml; charset=utf-8").header("cache-control", "public, max-age=60");
      return grievanceAtom(
        {
          title: feedTitle(request.query),
          selfUrl: `${linkBase}${exportPaths.grievancesFeed}${search}`,
          listUrl: `${linkBase}${LIST_PAGE_PATH}${search}`,
          reportUrl: (id) => `${linkBase}${reportPagePath(id)}`,
          idOf: links.idOf,
          generatorUri: links.generatorUri,
        },
        entries,
      );
    },
  );
};

/** The filters as a query string, in a fixed order, so that a feed's address (its id) is always the same. */
export function filterSearch(filters: GrievanceListFilters): string {
  const params = new URLSearchParams();
  if (filters.q) params.set("q", filters.q);
  if (filters.category) params.set("category", filters.category);
  if (filters.status) params.set("status", filters.status);
  if (filters.priority) params.set("priority", filters.priority);
  if (filters.bbox) params.set("bbox", formatBbox(filters.bbox));
  const search = params.toString();
  return search ? `?${search}` : "";
}

function feedTitle(filters: GrievanceListFilters): string {
  const parts = [
    filters.category,
    filters.status && statusLabel(filters.status),
    filters.priority && `${filters.priority} priority`,
    filters.q && `matching "${filters.q}"`,
    filters.bbox && "in an area",
  ].filter(Boolean);
  return `Water and sanitation reports${parts.length ? `: ${parts.join(", ")}` : ""}`;
}
