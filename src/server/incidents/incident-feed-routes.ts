import type { FastifyPluginAsync } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { idSchema } from "#shared/ids.ts";
import { exportPaths, INCIDENTS_PAGE_PATH, incidentPagePath } from "#shared/api-paths.ts";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import { nonJsonAnswer } from "#shared/api-schemas/media.ts";
import type { Queryable } from "../db/database.ts";
import { HttpError } from "../http/http-error.ts";
import { feedLinksOf } from "../http/public-links.ts";
import { CAP_MEDIA_TYPE, capDocument } from "./cap-document.ts";
import { incidentAtom } from "./incident-atom.ts";
import { INCIDENT_MESSAGES } from "./incident-messages.ts";
import { getPublicIncident, listPublicIncidents } from "./incident-repository.ts";

export interface IncidentFeedRoutesOptions {
  db: Queryable;
  publicUrl: string | undefined;
}

const capPath = (id: string): string => exportPaths.incidentCap.replace(":id", encodeURIComponent(id));

/**
 * Incidents for alert aggregators and feed readers (decision 021): each incident as a CAP 1.2 document, and an Atom
 * feed of the active and recently closed ones linking to those documents. The CAP route is a path of its own, so it
 * is answered here before the web app's fallback serves /incidents/:id as a page.
 */
export const incidentFeedRoutes: FastifyPluginAsync<IncidentFeedRoutesOptions> = async (plugin, options) => {
  const app = plugin.withTypeProvider<ZodTypeProvider>();
  const { db } = options;

  app.get(
    exportPaths.incidentCap,
    {
      schema: {
        tags: ["exports"],
        operationId: "getIncidentCapAlert",
        summary: "An incident as a CAP 1.2 alert (Common Alerting Protocol)",
        description:
          "The incident's current version: msgType Alert when declared, Update after an update or the closure " +
          "(responseType AllClear, urgency Past), with references to the earlier versions; the area as a CAP " +
          "polygon or circle, and the named localities as areaDesc.",
        params: z.object({ id: idSchema(INCIDENT_MESSAGES.notFound) }),
        response: { 200: nonJsonAnswer(CAP_MEDIA_TYPE, "A CAP 1.2 alert message."), ...errorResponses(404, 500, 503) },
      },
    },
    async (request, reply) => {
      const incident = await getPublicIncident(db, request.params.id);
      if (!incident) throw new HttpError(404, INCIDENT_MESSAGES.notFound);
      // Cached publicly and read by anyone: links from PUBLIC_URL only, never the request's Host (public-links.ts).
      const links = feedLinksOf(options.publicUrl);
      reply.type(`${CAP_MEDIA_TYPE}; charset=utf-8`).header("cache-control", "public, max-age=60");
      return capDocument(incident, { publicUrl: links.base, senderDomain: links.senderDomain });
    },
  );

  app.get(
    exportPaths.incidentsFeed,
    {
      schema: {
        tags: ["exports"],
        operationId: "getIncidentFeed",
        summary: "An Atom feed of the active and recently closed incidents",
        description:
          "One entry per incident, newest change first, each linking to the incident's page and to its CAP 1.2 " +
          "document (rel=alternate, type application/cap+xml).",
        response: { 200: nonJsonAnswer("application/atom+xml", "Atom 1.0."), ...errorResponses(500, 503) },
      },
    },
    async (request, reply) => {
      const links = feedLinksOf(options.publicUrl);
      const linkBase = links.base;
      const { active, recent } = await listPublicIncidents(db);
      reply.type("application/atom+xml; charset=utf-8").header("cache-control", "public, max-age=60");
      return incidentAtom(
        {
          selfUrl: `${linkBase}${exportPaths.incidentsFeed}`,
          listUrl: `${linkBase}${INCIDENTS_PAGE_PATH}`,
          incidentUrl: (id) => `${linkBase}${incidentPagePath(id)}`,
          capUrl: (id) => `${linkBase}${capPath(id)}`,
          idOf: links.idOf,
          generatorUri: links.generatorUri,
        },
        [...active, ...recent],
      );
    },
  );
};
