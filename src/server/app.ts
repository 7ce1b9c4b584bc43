import fastifyHelmet from "@fastify/helmet";
import fastifyMultipart from "@fastify/multipart";
import fastifyRateLimit, { type FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyLoggerOptions,
} from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import { backgroundJobs } from "./background-jobs.ts";
import { deliveryPlugin } from "./delivery/index.ts";
import { GrievanceRepository } from "./grievances/grievance-repository.ts";
import { grievanceRoutes } from "./grievances/grievance-routes.ts";
import { GrievanceService } from "./grievances/grievance-service.ts";
import { pagePhotoFinder } from "./grievances/page-photo.ts";
import { MULTIPART_LIMITS } from "./grievances/upload-limits.ts";
import { registerApiCaching } from "./http/api-caching.ts";
import { registerCompression } from "./http/compression.ts";
import { answerClientError, answerFrameworkError, registerErrorHandlers } from "./http/error-handler.ts";
import { registerOpenApi, registerOpenApiReference } from "./http/openapi.ts";
import { refuseOverLimit, requireLimitRefusals } from "./http/rate-limit-refusal.ts";
import { rateLimitStore } from "./http/rate-limit-store.ts";
import { rejectUnstorableBody, rejectUnstorableText } from "./http/reject-unstorable-text.ts";
import { registerRequestLog } from "./http/request-log.ts";
import { mailLinkBaseOf } from "./http/public-links.ts";
import { refuseDuplicateHost } from "./http/single-host.ts";
import { registerSpa } from "./http/spa.ts";
import { loadServerCatalogues } from "./i18n/server-i18n.ts";
import { registerErrorTranslation } from "./i18n/translate-errors.ts";
import { followRoutes } from "./notifications/follow-routes.ts";
import { incidentSubscriptionRoutes } from "./incidents/incident-subscription-routes.ts";
import { affectedRoutes } from "./places/affected-routes.ts";
import { geocodeRoutes } from "./places/geocode-routes.ts";
import { placeRoutes } from "./places/place-routes.ts";
import { reportWaterPointRoutes } from "./water-points/report-water-point-routes.ts";
import { pmtilesRoutes } from "./places/pmtiles-routes.ts";
import { ReverseGeocoder } from "./places/reverse-geocoder.ts";
import { tileOrigins } from "./places/tile-url.ts";
import { publicCategoryRoutes } from "./categories/category-routes.ts";
import { exportRoutes } from "./exports/export-routes.ts";
import { incidentFeedRoutes } from "./incidents/incident-feed-routes.ts";
import { incidentPublicRoutes } from "./incidents/incident-public-routes.ts";
import { open311Routes } from "./open311/open311-routes.ts";
import { mediaRoutes } from "./routes/media-routes.ts";
import { operatorPage, operatorStyle } from "./operator/operator-page.ts";
import { operatorRoutes } from "./operator/operator-routes.ts";
import { privacyRoutes } from "./privacy/privacy-routes.ts";
import { statusRoutes } from "./routes/status-routes.ts";
import { publicProgressRoutes } from "./progress/public-progress-routes.ts";
import { waterPointPageRoutes } from "./water-points/water-point-page-routes.ts";
import { waterPointRegistryRoutes } from "./water-points/water-point-registry-routes.ts";
import { staffPlugin } from "./staff/staff-plugin.ts";
import { writeTargetDefaults } from "./targets/target-defaults.ts";
import type { ImageStore } from "./storage/image-store.ts";
import { StorageProbe } from "./storage/storage-probe.ts";
import { trackingRoutes } from "./tracking/tracking-routes.ts";
import { fieldRoutes } from "./field/field-routes.ts";
import { smsRoutes } from "./sms/sms-routes.ts";
import { PortalMetrics, rememberMetrics } from "./observability/metrics.ts";
import { metricsRoute } from "./observability/metrics-route.ts";
import { answerWithRequestId, requestIdOf } from "./observability/request-id.ts";
import { registerRequestMetrics } from "./observability/request-metrics.ts";

export interface AppDeps {
  config: Config;
  db: Database;
  imageStore: ImageStore;
  /** A pino logger, or fastify's logger options; by default a logger at config.logLevel. */
  logger?: FastifyBaseLogger | FastifyLoggerOptions | false;
  /** Replaces the repository, e.g. to make a step fail in a test of atomicity. */
  repository?: GrievanceRepository;
  /** The clock of time windows kept in the database (the sign-in throttle); undefined: the database's. */
  now?: () => Date;
  /** The rate limits' counters; by default http/rate-limit-store.ts's (in the database for shared limits). */
  rateLimitStore?: FastifyRateLimitStoreCtor;
  /**
   * Runs the background work (background-jobs.ts) on the app's loop once it listens, stopped by app.close(): a
   * serving portal (http/start-portal.ts). Tests that drive a worker themselves leave it off.
   */
  background?: boolean;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db, imageStore } = deps;
  const loggerOption = deps.logger ?? { level: config.logLevel };
  const app = Fastify({
    ...(isLoggerInstance(loggerOption) ? { loggerInstance: loggerOption } : { logger: loggerOption }),
    // One line per request, written when it ends (request-log.ts), instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    // A plain X-Request-Id is kept, anything else replaced (request-id.ts): not Fastify's take-it-as-it-comes.
    requestIdHeader: false,
    genReqId: requestIdOf,
    trustProxy: config.trustProxy,
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    // A whole request, headers and body, must arrive within this, or Node answers 408 and disconnects: a client
    // dripping bytes cannot hold a connection open. No idle timeout (connectionTimeout): it would also cut off the
    // answer of a slow handler, and an idle connection is already bounded by keepAliveTimeout.
    requestTimeout: config.requestTimeoutMs,
    http: {
      // Its headers within a shorter time (HEADERS_TIMEOUT_SECONDS): a client sending a header line now and then
      // is cut off long before the body's limit. Node refuses a headers timeout above the request timeout.
      headersTimeout: Math.min(config.headersTimeoutMs, config.requestTimeoutMs),
      // Node looks for overdue requests on this beat, 30 s by default, which would add up to that much again.
      connectionsCheckingInterval: Math.min(
        2_000,
        Math.max(50, Math.round(Math.min(config.headersTimeoutMs, config.requestTimeoutMs) / 10)),
      ),
    },
  });

  // ---- Infrastructure ----
  // Every route declares its request and answer with the shared zod schemas (docs/api-conventions.md): these
  // validate and serialise with them, and the error handler words what they refuse.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const operatorCss = operatorStyle(config.operator);
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // The operator's one inline style, by its hash (the PORTAL_… settings, operator/operator-page.ts).
        styleSrc: ["'self'", ...(operatorCss ? [operatorCss.cspSource] : [])],
        // data: and blob: for the form's previews of chosen images (and the tiles of MAP_PMTILES_FILE, made into
        // images in the page); the map tiles' host(s), and no other (MAP_TILE_URL,
        // docs/decisions/016-map-and-location.md), none when the portal serves its own tiles (decision 028).
        imgSrc: ["'self'", "data:", "blob:", ...(config.mapPmtiles ? [] : tileOrigins(config.mapTileUrl))],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
  });
  registerErrorHandlers(app);
  // Before any route, so that every answer carries its request id, is logged, and is counted.
  answerWithRequestId(app);
  registerRequestLog(app);
  refuseDuplicateHost(app);
  // Only with METRICS_TOKEN: without it nobody may read the figures, so none are kept (docs/operating.md, "Metrics").
  const metrics = config.metricsToken
    ? new PortalMetrics(db, app.log, { smsDailyLimit: config.sms?.dailyLimit, now: deps.now })
    : undefined;
  if (metrics) {
    registerRequestMetrics(app, metrics);
    rememberMetrics(app, metrics);
  }
  // Error answers in the request's language (docs/decisions/019-languages.md).
  loadServerCatalogues();
  registerErrorTranslation(app);
  // Before any route: both act on the routes registered after them.
  await registerCompression(app);
  await registerApiCaching(app);
  await app.register(fastifyRateLimit, {
    // Only routes that ask for it (submitting, the status probes) are limited; reading stays free.
    global: false,
    store: deps.rateLimitStore ?? rateLimitStore(db),
    // Each limited route says what it limits (http/rate-limit-refusal.ts); a route that does not is not registered.
    errorResponseBuilder: refuseOverLimit,
  });
  requireLimitRefusals(app);
  await app.register(fastifyMultipart, { throwFileSizeLimit: false, limits: MULTIPART_LIMITS });
  // Text that cannot be stored is refused at the door, before any handler hands it to the database.
  app.addHook("preValidation", rejectUnstorableText);
  app.addHook("preHandler", rejectUnstorableBody);

  // ---- Services ----
  // The service targets' defaults from the settings, read with the administrators' targets (docs/decisions/030).
  await writeTargetDefaults(db, config.overdueTargetDays, config.acknowledgeTargetHours);
  const repository = deps.repository ?? new GrievanceRepository(db);
  const storageProbe = new StorageProbe(imageStore);
  // Links in e-mail come from configuration only, never from a request's Host (http/public-links.ts).
  const mailLinkBase = mailLinkBaseOf(config);
  const service = new GrievanceService({
    db,
    repository,
    imageStore,
    maxImagePixels: config.maxImagePixels,
    logger: app.log,
    onImageProcessed: metrics?.imageProcessed,
    mailLinkBase,
    sms: config.sms,
  });

  // ---- Routes ----
  // Before the routes: the OpenAPI generator collects each route as it is added (docs/api-conventions.md).
  await registerOpenApi(app, { publicUrl: config.publicUrl });
  await app.register(grievanceRoutes, {
    db,
    repository,
    service,
    submissionsPerHour: config.submissionsPerHour,
    publicUrl: config.publicUrl,
    mailLinkBase,
    serviceArea: config.serviceArea,
  });
  // Places (docs/decisions/016-map-and-location.md): map settings and markers, duplicates, "I have this
  // problem too", and addresses for pins.
  await app.register(placeRoutes, {
    db,
    mapTileUrl: config.mapTileUrl,
    mapAttribution: config.mapAttribution,
    mapDefaultCenter: config.mapDefaultCenter,
    serviceArea: config.serviceArea,
    geocoder: config.geocoderUrl !== undefined,
    sms: config.sms !== undefined,
    pmtiles: config.mapPmtiles,
  });
  await app.register(pmtilesRoutes, { archive: config.mapPmtiles });
  // The water points near the form's pin (docs/decisions/040-reporting-against-water-points.md).
  await app.register(reportWaterPointRoutes, { db });
  await app.register(affectedRoutes, { db, affectedPerHour: config.affectedPerHour });
  await app.register(incidentPublicRoutes, {
    db,
    affectedPerHour: config.affectedPerHour,
    serviceArea: config.serviceArea,
  });
  await app.register(geocodeRoutes, {
    geocoder:
      config.geocoderUrl === undefined
        ? undefined
        : new ReverseGeocoder({ baseUrl: config.geocoderUrl, userAgent: geocoderUserAgent(config.publicUrl) }),
    serviceArea: config.serviceArea,
  });
  await app.register(trackingRoutes, {
    db,
    service,
    reporterUpdatesPerHour: config.reporterUpdatesPerHour,
    mailLinkBase,
  });
  // A technician's one-time link to a job (docs/decisions/031-technician-links.md).
  await app.register(fieldRoutes, { db, service, imageStore, now: deps.now ?? (() => new Date()), mailLinkBase });
  // Following a report by e-mail, and the pages behind the links in the messages (decision 014).
  await app.register(followRoutes, { db, mailLinkBase });
  await app.register(incidentSubscriptionRoutes, { db, mailLinkBase, serviceArea: config.serviceArea });
  await app.register(statusRoutes, { imageStore, storageProbe, repository, databaseKind: db.kind });
  await app.register(metricsRoute, { metrics, token: config.metricsToken });
  await app.register(mediaRoutes, { imageStore, repository });
  await app.register(operatorRoutes, { logo: config.operator.logo });
  // What the privacy notice says, from the settings (docs/decisions/042-privacy-and-retention.md).
  await app.register(privacyRoutes, { operator: config.operator, privacy: config.privacy, sms: !!config.sms });

  await app.register(publicCategoryRoutes, { db });
  // A report's public timeline and the statistics: what the staff's work looks like from outside.
  await app.register(publicProgressRoutes, { db, targets: config.overdueTargetDays, now: deps.now });
  // A water point's page and sign: status, downtime, reports (docs/decisions/039-water-point-status.md).
  await app.register(waterPointPageRoutes, {
    db,
    publicUrl: config.publicUrl,
    smsNumber: config.sms?.number,
    now: deps.now ?? (() => new Date()),
  });
  // CSV and Atom of the public list's filter (docs/integrators.md).
  await app.register(exportRoutes, { db, publicUrl: config.publicUrl });
  // The water points of a map view, and the registry as CSV and GeoJSON (docs/decisions/036-water-points.md).
  await app.register(waterPointRegistryRoutes, { db });
  await app.register(incidentFeedRoutes, { db, publicUrl: config.publicUrl });
  // Open311 GeoReport v2 for work-order systems and 311 apps (docs/integrators.md).
  await app.register(open311Routes, {
    db,
    service,
    settings: config.open311,
    publicUrl: config.publicUrl,
    serviceArea: config.serviceArea,
  });

  // SMS through a gateway, only when SMS_GATEWAY is set (docs/decisions/035-sms-through-a-gateway.md).
  if (config.sms) {
    await app.register(smsRoutes, {
      db,
      sms: config.sms,
      metrics: metrics?.sms,
      service,
      linkBase: mailLinkBase,
      now: deps.now ?? (() => new Date()),
    });
  }

  // ---- Staff (sign-in and console) ----
  // The staff plugin is registered here, after the public routes and before the SPA fallback:
  await app.register(staffPlugin, { db, config, imageStore, service, now: deps.now });

  // The generated OpenAPI document and its reference page, /api/openapi.json and /api/docs.
  await registerOpenApiReference(app);

  // ---- Background work: the outboxes and the scheduled jobs, tied to app.close() (decision 046) ----
  if (deps.background) {
    await app.register(deliveryPlugin, {
      jobs: (logger) => backgroundJobs({ config, db, imageStore, smsMetrics: metrics?.sms }, logger),
    });
  }

  // ---- SPA (last: its not-found handler answers every page path) ----
  await registerSpa(app, config.webDir, pagePhotoFinder(repository), operatorPage(config.operator));

  return app;
}

/** Nominatim's usage policy asks for a User-Agent that names the application; the portal's address when known. */
const geocoderUserAgent = (publicUrl: string | undefined): string =>
  `water-grievance-portal/1 (${publicUrl ?? "self-hosted grievance portal"})`;

function isLoggerInstance(logger: AppDeps["logger"]): logger is FastifyBaseLogger {
  return typeof logger === "object" && logger !== null && typeof (logger as FastifyBaseLogger).child === "function";
}
