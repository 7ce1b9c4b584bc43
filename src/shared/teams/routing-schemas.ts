import { z } from "zod/mini";
import { englishText } from "../i18n/english-text.ts";
import { idSchema } from "../ids.ts";
import { msg } from "../i18n/locales.ts";
import { isLatitude, isLongitude } from "../places/geo.ts";

/**
 * Routing rules (docs/decisions/029-teams-routing-and-assignment.md): a category, an area or both → a team. The most
 * specific rule a new report matches gives it its team: category and area, then category alone, then area alone;
 * among equals, the oldest. zod/mini: the console checks a drawing with these before sending, the server again.
 */

/** Positions in all of an area's rings together: a street-by-street outline fits, a traced coastline does not. */
export const ROUTING_AREA_MAX_POSITIONS = 1000;

/** English message ids, translated where they are shown (docs/decisions/019-languages.md). */
export const ROUTING_MESSAGES = {
  teamRequired: msg("Please choose a team."),
  teamRetired: msg("This team is retired: please choose an active team."),
  categoryUnknown: msg("There is no category with this service code."),
  categoryOrArea: msg("Please choose a category, draw an area, or both: a rule with neither would take every report."),
  notPolygon: msg(
    "The area must be a GeoJSON Polygon: a list of rings, each a list of [longitude, latitude] positions.",
  ),
  ringTooShort: msg("Each ring of the area needs at least 4 positions: 3 corners and the first one again at the end."),
  position: msg(
    "Each position of the area must be [longitude, latitude]: longitude from -180 to 180, latitude from -90 to 90.",
  ),
  ringNotClosed: msg("Each ring of the area must be closed: its last position must be the same as its first."),
  tooManyPositions: englishText(msg("The area may have at most {max} positions: please draw it with fewer corners."), {
    max: ROUTING_AREA_MAX_POSITIONS,
  }),
  noGround: msg("The area's outline encloses no ground: its corners lie on one line."),
  notFound: msg("There is no such routing rule."),
} as const;

export interface PolygonArea {
  type: "Polygon";
  /** Rings of [longitude, latitude]: the outline first, then any holes (RFC 7946 3.1.6). */
  coordinates: number[][][];
}

type Rings = number[][][];
const isPosition = (p: number[]) => p.length === 2 && isLongitude(p[0]!) && isLatitude(p[1]!);
const isClosed = (ring: number[][]) => ring[0]!.every((value, index) => value === ring.at(-1)![index]);
/** Twice the outline's area in square degrees (the shoelace formula): zero when its corners lie on one line. */
const doubledArea = (ring: number[][]) =>
  ring.slice(1).reduce((sum, p, i) => sum + ring[i]![0]! * p[1]! - p[0]! * ring[i]![1]!, 0);

const abort = (error: string) => ({ error, abort: true });
export const polygonAreaSchema = z
  .object(
    {
      type: z.literal("Polygon", { error: ROUTING_MESSAGES.notPolygon }),
      coordinates: z.array(
        z.array(z.array(z.number({ error: ROUTING_MESSAGES.position })), ROUTING_MESSAGES.notPolygon),
        {
          error: ROUTING_MESSAGES.notPolygon,
        },
      ),
    },
    { error: ROUTING_MESSAGES.notPolygon },
  )
  .check(
    z.refine(({ coordinates }) => coordinates.length > 0, abort(ROUTING_MESSAGES.notPolygon)),
    z.refine(
      ({ coordinates }) => coordinates.flat().length <= ROUTING_AREA_MAX_POSITIONS,
      abort(ROUTING_MESSAGES.tooManyPositions),
    ),
    z.refine(({ coordinates }) => coordinates.every((ring) => ring.length >= 4), abort(ROUTING_MESSAGES.ringTooShort)),
    z.refine(({ coordinates }) => coordinates.flat().every(isPosition), abort(ROUTING_MESSAGES.position)),
    z.refine(({ coordinates }) => coordinates.every(isClosed), abort(ROUTING_MESSAGES.ringNotClosed)),
    z.refine(
      ({ coordinates }: { coordinates: Rings }) => doubledArea(coordinates[0]!) !== 0,
      abort(ROUTING_MESSAGES.noGround),
    ),
  );

const serviceCode = z.string().check(z.regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, ROUTING_MESSAGES.categoryUnknown));

/** POST /api/staff/routing-rules (createRoutingRule). */
export const newRoutingRuleSchema = z
  .object({
    teamId: idSchema(ROUTING_MESSAGES.teamRequired),
    serviceCode: z.nullable(serviceCode),
    area: z.nullable(polygonAreaSchema),
  })
  .check(z.refine((rule) => rule.serviceCode !== null || rule.area !== null, ROUTING_MESSAGES.categoryOrArea));
export type NewRoutingRule = z.output<typeof newRoutingRuleSchema>;

export const ROUTING_SPECIFICITIES = ["category-and-area", "category", "area"] as const;
export type RoutingSpecificity = (typeof ROUTING_SPECIFICITIES)[number];

export const routingRuleSchema = z.object({
  id: z.string(),
  team: z.object({ id: z.string(), name: z.string(), active: z.boolean() }),
  /** null: any category. */
  serviceCode: z.nullable(z.string()),
  /** null: anywhere, pinned or not. */
  area: z.nullable(z.object({ type: z.literal("Polygon"), coordinates: z.array(z.array(z.array(z.number()))) })),
  specificity: z.enum(ROUTING_SPECIFICITIES),
  createdAt: z.string(),
});
export type RoutingRuleView = z.output<typeof routingRuleSchema>;
/** In the order the rules apply: the first one a report matches gives it its team. */
export const routingRuleListSchema = z.object({ rules: z.array(routingRuleSchema) });
export type RoutingRuleList = z.output<typeof routingRuleListSchema>;
