import type { FastifyInstance } from "fastify";
import { nonJsonAnswer } from "#shared/api-schemas/media.ts";
import { OPERATOR_LOGO_PATH } from "./operator-page.ts";
import type { OperatorLogo } from "./operator-logo.ts";

/**
 * GET /operator-logo: PORTAL_LOGO, from memory. Pages name it with ?v=<hash of the file> (operator-page.ts), so it is
 * cached for a year and a new file still reaches everyone at their next page. Not registered without a logo (the
 * address is then an unknown page). Kept out of the API reference (hide): it is part of the pages, not the API.
 */
export async function operatorRoutes(app: FastifyInstance, options: { logo: OperatorLogo | undefined }) {
  const { logo } = options;
  if (!logo) return;
  const schema = {
    hide: true,
    operationId: "getOperatorLogo",
    summary: "The operator's logo",
    response: { 200: nonJsonAnswer(logo.mime, "PORTAL_LOGO's file.") },
  };
  app.get(OPERATOR_LOGO_PATH, { schema }, async (_request, reply) => {
    reply.header("Cache-Control", "public, max-age=31536000, immutable").type(logo.mime);
    // An SVG opened on its own is a document of this origin: it may run nothing and load nothing.
    if (logo.mime === "image/svg+xml")
      reply.header("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; sandbox");
    return reply.send(logo.bytes);
  });
}
