import fs from "node:fs";
import type { FastifyPluginAsync } from "fastify";
import { apiPaths } from "#shared/api-paths.ts";
import { errorResponses } from "#shared/api-schemas/errors.ts";
import { nonJsonAnswer } from "#shared/api-schemas/media.ts";
import { msg } from "#shared/i18n/locales.ts";
import { HttpError } from "../http/http-error.ts";
import { parseByteRange } from "./byte-range.ts";
import type { PmtilesArchive } from "./pmtiles-file.ts";

/** The maps ask again after a restart, which is when the file can change (the ETag says whether it did). */
const MAX_AGE_SECONDS = 3600;
const MEDIA_TYPE = "application/vnd.pmtiles";

/**
 * MAP_PMTILES_FILE served by the portal itself (docs/decisions/028-own-tiles-from-a-pmtiles-file.md), read by the
 * browser in byte ranges: the header, a directory, then each tile. A strong ETag lets the reader notice a file
 * replaced under it; the bytes go out as stored, never compressed on the way (their offsets are what is asked).
 */
export const pmtilesRoutes: FastifyPluginAsync<{ archive: PmtilesArchive | undefined }> = async (app, { archive }) => {
  // Registered without the setting too, answering 404, so the API's document is the same for every portal.
  const etag =
    archive && `"${archive.size.toString(16)}-${Math.trunc(fs.statSync(archive.file).mtimeMs).toString(16)}"`;
  app.get(
    apiPaths.mapTiles,
    {
      schema: {
        operationId: "getMapTiles",
        summary: "The map's tiles (PMTiles)",
        description:
          "MAP_PMTILES_FILE as stored, whole or one byte range (`Range: bytes=start-end`, 206); 404 when it is not set.",
        tags: ["places"],
        response: {
          200: nonJsonAnswer(MEDIA_TYPE, "The whole PMTiles file."),
          206: nonJsonAnswer(MEDIA_TYPE, "The bytes asked for (Content-Range)."),
          ...errorResponses(404, 416, 500),
        },
      },
    },
    async (request, reply) => {
      if (!archive || !etag) throw new HttpError(404, msg("This portal serves no map tiles of its own."));
      reply
        .header("accept-ranges", "bytes")
        .header("etag", etag)
        .header("cache-control", `public, max-age=${MAX_AGE_SECONDS}`)
        .header("x-content-type-options", "nosniff")
        .type(MEDIA_TYPE);
      const range = parseByteRange(request.headers.range, archive.size);
      if (range === "unsatisfiable") {
        reply.header("content-range", `bytes */${archive.size}`);
        throw new HttpError(416, msg("The map's tiles have no such byte range."));
      }
      if (range === undefined) {
        reply.header("content-length", archive.size);
        return reply.send(fs.createReadStream(archive.file));
      }
      return reply
        .code(206)
        .header("content-range", `bytes ${range.start}-${range.end}/${archive.size}`)
        .header("content-length", range.end - range.start + 1)
        .send(fs.createReadStream(archive.file, { start: range.start, end: range.end }));
    },
  );
};
