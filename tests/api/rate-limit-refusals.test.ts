import { type FastifyRateLimitStore, type FastifyRateLimitStoreCtor, type RateLimitOptions } from "@fastify/rate-limit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppWithRoutes, type RegisteredRoute } from "./route-inventory.ts";
import { SAME_ORIGIN } from "./staff/staff-helpers.ts";
import { GATEWAY_TOKEN, gatewaySms } from "./sms-gateway-support.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

// Every limited route says what it refused (docs/api-conventions.md, "Rate limits"), in the reader's language: one
// row per limited route, and a route limited without a row of its own here fails the first test.

/** The time left in the window the store reports: 90 s, so "2 minutes" where the words count them. */
const TTL_MS = 90_000;

/**
 * Counters whose window is already full: each hit is one past the route's own max, with TTL_MS left. The words
 * are the subject here; the counting itself is the real store's (rate-limit-store.ts), tested below and with
 * each route's own tests.
 */
const fullWindows: FastifyRateLimitStoreCtor = class FullWindows implements FastifyRateLimitStore {
  private readonly max: number;
  constructor(options: RateLimitOptions = {}) {
    this.max = typeof options.max === "number" ? options.max : Number.MAX_SAFE_INTEGER - 1;
  }
  incr(_key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void) {
    callback(null, { current: this.max + 1, ttl: TTL_MS });
  }
  // The plugin passes the route's merged rate-limit options (as rate-limit-store.ts reads them).
  child(declared: Parameters<FastifyRateLimitStore["child"]>[0]) {
    return new FullWindows(declared as unknown as RateLimitOptions);
  }
};

interface Row {
  url: string;
  method?: "GET" | "POST";
  payload?: Record<string, unknown> | string;
  headers?: Record<string, string>;
  english: string;
  /** Another language and the exact words in it. */
  other: [locale: string, words: string];
  /** Open311 answers in its standard's format, `[{ code, description }]`, in English whatever the request asks. */
  open311?: true;
}

const TOKEN = "A".repeat(43);
const REPORT_ID = "00000000-0000-4000-8000-000000000000";
const SMS = `/api/sms/kannel/inbound?token=${GATEWAY_TOKEN}&from=%2B254700000001&to=1234&text=HELP&id=flood-1`;
const form = { "content-type": "application/x-www-form-urlencoded" };
const serviceRequest = "service_code=leakage&lat=-1.3&long=36.8&description=A+leak+at+the+corner.";

const statusCheck = (url: string, other: Row["other"]): Row => ({
  url,
  english: "Too many status checks. Please wait a minute and try again.",
  other,
});

/** Every limited route, by its method and pattern. */
const ROWS: Record<string, Row> = {
  "POST /api/grievances": {
    url: "/api/grievances",
    method: "POST",
    english: "Too many reports from your connection. Please try again in 2 minute(s).",
    other: ["fr", "Trop de signalements ont été envoyés depuis votre connexion. Veuillez réessayer dans 2 minutes."],
  },
  "POST /api/grievances/:id/affected": {
    url: `/api/grievances/${REPORT_ID}/affected`,
    method: "POST",
    payload: { browserId: "browser-0123456789abcdef" },
    english: "Too many answers from your connection. Please try again in 2 minutes.",
    other: ["ar", "إجابات كثيرة جدًا من اتصالك. يُرجى المحاولة مرة أخرى بعد دقيقتين."],
  },
  "POST /api/incidents/:id/affected": {
    url: `/api/incidents/${REPORT_ID}/affected`,
    method: "POST",
    payload: { browserId: "browser-0123456789abcdef" },
    english: "Too many answers from your connection. Please try again in 2 minutes.",
    other: ["fr", "Trop de réponses depuis votre connexion. Veuillez réessayer dans 2 minutes."],
  },
  "GET /api/geocode/reverse": {
    url: "/api/geocode/reverse?lat=-1.3&lon=36.8",
    english: "Too many address lookups from your connection. Please wait a minute and try again.",
    other: ["hi", "आपके कनेक्शन से पते की बहुत सारी खोजें की गई हैं। कृपया एक मिनट रुककर फिर से कोशिश करें।"],
  },
  "GET /api/track/:token": {
    url: `/api/track/${TOKEN}`,
    english: "Too many private links opened from your connection. Please wait a minute and try again.",
    other: ["es", "Se abrieron demasiados enlaces privados desde su conexión. Espere un minuto e inténtelo de nuevo."],
  },
  "POST /api/track/:token/updates": {
    url: `/api/track/${TOKEN}/updates`,
    method: "POST",
    english: "Too many updates from your connection. Please try again in 2 minutes.",
    other: ["es", "Demasiadas actualizaciones desde su conexión. Inténtelo de nuevo en 2 minutos."],
  },
  "POST /api/track/:token/answer": {
    url: `/api/track/${TOKEN}/answer`,
    method: "POST",
    payload: { fixed: true },
    english: 'Too many answers to "Is it fixed?" from your connection. Please wait a minute and try again.',
    other: [
      "fr",
      "Trop de réponses à « Est-ce réparé ? » depuis votre connexion. Veuillez patienter une minute et réessayer.",
    ],
  },
  "POST /api/track/:token/contact-details/erase": {
    url: `/api/track/${TOKEN}/contact-details/erase`,
    method: "POST",
    english: "Too many requests to remove contact details from your connection. Please wait a minute and try again.",
    other: ["ar", "طلبات كثيرة جدًا لإزالة بيانات الاتصال من اتصالك. يُرجى الانتظار دقيقة ثم المحاولة مرة أخرى."],
  },
  "GET /api/field/:token": {
    url: `/api/field/${TOKEN}`,
    english: "Too many requests for the job from your connection. Please wait a minute and try again.",
    other: [
      "fr",
      "Trop de demandes concernant l’intervention depuis votre connexion. Veuillez patienter une minute et réessayer.",
    ],
  },
  "POST /api/field/:token/notes": {
    url: `/api/field/${TOKEN}/notes`,
    method: "POST",
    english: "Too many notes sent from your connection. Please wait a minute and try again.",
    other: ["es", "Se enviaron demasiadas notas desde su conexión. Espere un minuto e inténtelo de nuevo."],
  },
  "POST /api/field/:token/fixed": {
    url: `/api/field/${TOKEN}/fixed`,
    method: "POST",
    english: "Too many notes sent from your connection. Please wait a minute and try again.",
    other: ["hi", "आपके कनेक्शन से बहुत सारे नोट भेजे गए हैं। कृपया एक मिनट रुककर फिर से कोशिश करें।"],
  },
  "GET /api/field/:token/media/:key": {
    url: `/api/field/${TOKEN}/media/photo.webp`,
    english: "Too many requests for the job from your connection. Please wait a minute and try again.",
    other: ["ar", "طلبات كثيرة جدًا بشأن المهمة من اتصالك. يُرجى الانتظار دقيقة ثم المحاولة مرة أخرى."],
  },
  "POST /api/grievances/:id/followers": {
    url: `/api/grievances/${REPORT_ID}/followers`,
    method: "POST",
    payload: { email: "someone@example.org" },
    english: "Too many follow requests from your connection. Please try again later.",
    other: ["fr", "Trop de demandes de suivi depuis votre connexion. Veuillez réessayer plus tard."],
  },
  "POST /api/incident-subscriptions": {
    url: "/api/incident-subscriptions",
    method: "POST",
    payload: { email: "someone@example.org" },
    english: "Too many alert requests from your connection. Please try again later.",
    other: ["es", "Demasiadas solicitudes de alertas desde su conexión. Inténtelo de nuevo más tarde."],
  },
  "GET /api/storage": statusCheck("/api/storage", [
    "hi",
    "स्थिति की बहुत अधिक जाँचें हुई हैं। कृपया एक मिनट रुककर फिर से कोशिश करें।",
  ]),
  "GET /api/health/live": statusCheck("/api/health/live", [
    "fr",
    "Trop de vérifications d’état. Veuillez patienter une minute, puis réessayer.",
  ]),
  "GET /api/health/ready": statusCheck("/api/health/ready", [
    "es",
    "Demasiadas consultas de estado. Espere un minuto y vuelva a intentarlo.",
  ]),
  "GET /api/health": statusCheck("/api/health", [
    "ar",
    "عدد كبير جدًا من عمليات التحقق من الحالة. يُرجى الانتظار دقيقة ثم المحاولة مرة أخرى.",
  ]),
  "GET /api/grievances.csv": {
    url: "/api/grievances.csv",
    english: "Too many downloads of the reports from your connection. Please try again in 2 minutes.",
    other: ["es", "Demasiadas descargas de los reportes desde su conexión. Inténtelo de nuevo en 2 minutos."],
  },
  "GET /api/water-points.csv": {
    url: "/api/water-points.csv",
    english: "Too many downloads of the water points from your connection. Please try again in 2 minutes.",
    other: [
      "fr",
      "Trop de téléchargements des points d’eau depuis votre connexion. Veuillez réessayer dans 2 minutes.",
    ],
  },
  "GET /api/water-points.geojson": {
    url: "/api/water-points.geojson",
    english: "Too many downloads of the water points from your connection. Please try again in 2 minutes.",
    other: ["ar", "تنزيلات كثيرة جدًا لنقاط المياه من اتصالك. يُرجى المحاولة مرة أخرى بعد دقيقتين."],
  },
  "POST /open311/v2/servicerequestupdates.:format": {
    url: "/open311/v2/servicerequestupdates.json",
    method: "POST",
    headers: form,
    payload: "service_request_id=WS-4F7K2Q&description=Still+leaking.",
    english: "At most 600 service request updates an hour per api_key. Try again in 2 minute(s).",
    other: ["fr", "At most 600 service request updates an hour per api_key. Try again in 2 minute(s)."],
    open311: true,
  },
  "POST /open311/v2/requests.:format": {
    url: "/open311/v2/requests.json",
    method: "POST",
    headers: form,
    payload: serviceRequest,
    english: "At most 600 service requests an hour per api_key. Try again in 2 minute(s).",
    other: ["es", "At most 600 service requests an hour per api_key. Try again in 2 minute(s)."],
    open311: true,
  },
  "GET /api/sms/kannel/inbound": {
    url: SMS,
    english: "Too many messages from the SMS gateway's address. Please wait a minute and try again.",
    other: ["hi", "SMS गेटवे के पते से बहुत सारे संदेश आए हैं। कृपया एक मिनट रुककर फिर से कोशिश करें।"],
  },
  "GET /api/staff/password-links/:token": {
    url: `/api/staff/password-links/${TOKEN}`,
    english: "Too many set-password links opened from your connection. Please try again in 2 minutes.",
    other: [
      "es",
      "Se abrieron demasiados enlaces para crear la contraseña desde su conexión. Inténtelo de nuevo en 2 minutos.",
    ],
  },
  "POST /api/staff/password-links/:token": {
    url: `/api/staff/password-links/${TOKEN}`,
    method: "POST",
    headers: SAME_ORIGIN,
    payload: { password: "a long enough password" },
    english: "Too many attempts to set a password from your connection. Please try again in 2 minutes.",
    other: ["ar", "محاولات كثيرة جدًا لتعيين كلمة المرور من اتصالك. يُرجى المحاولة مرة أخرى بعد دقيقتين."],
  },
};

let t: TestApp;
let routes: RegisteredRoute[];

beforeAll(async () => {
  // With SMS on: its routes exist only then.
  ({ t, routes } = await createAppWithRoutes({ config: { sms: gatewaySms() }, rateLimitStore: fullWindows }));
}, 60_000);
afterAll(async () => t.close());

const refused = (row: Row, locale: string) =>
  t.app.inject({
    method: row.method ?? "GET",
    url: row.url,
    headers: { "accept-language": locale, ...row.headers },
    ...(row.payload !== undefined && { payload: row.payload }),
  });

/** The words of a 429: the API's `{ message }`, or Open311's `[{ code: 429, description }]`. */
function wordsOf(res: Awaited<ReturnType<typeof refused>>, row: Row): string {
  if (!row.open311) return res.json<{ message: string }>().message;
  const [error, ...more] = res.json<{ code: number; description: string }[]>();
  expect(more).toEqual([]);
  expect(error!.code).toBe(429);
  return error!.description;
}

describe("every limited route says what it refused", () => {
  it("has a row for each limited route of the app, and no row for a route that is not limited", () => {
    const limited = routes.filter((route) => route.config?.rateLimit).map((route) => `${route.method} ${route.url}`);
    expect(limited.length).toBeGreaterThan(20);
    expect([...limited].sort()).toEqual(Object.keys(ROWS).sort());
  });

  it("only the submit form speaks of reports", () => {
    const aboutReports = Object.entries(ROWS).filter(([, row]) => row.english.startsWith("Too many reports"));
    expect(aboutReports.map(([route]) => route)).toEqual(["POST /api/grievances"]);
  });

  for (const [route, row] of Object.entries(ROWS)) {
    it(`${route}: in English and in ${row.other[0]}, with Retry-After`, async () => {
      const english = await refused(row, "en");
      expect(english.statusCode).toBe(429);
      expect(english.headers["retry-after"]).toBe(String(TTL_MS / 1000));
      expect(wordsOf(english, row)).toBe(row.english);

      const [locale, words] = row.other;
      const translated = await refused(row, locale);
      expect(translated.statusCode).toBe(429);
      expect(wordsOf(translated, row)).toBe(words);
      if (!row.open311) expect(translated.headers["content-language"]).toBe(locale);
    });
  }
});

describe("with the real counters", () => {
  let real: TestApp;
  beforeAll(async () => {
    real = await createTestApp();
  }, 60_000);
  afterAll(async () => real?.close());

  it("a set-password link may be opened 30 times an hour from one address, then says so", async () => {
    const url = `/api/staff/password-links/${TOKEN}`;
    for (let i = 0; i < 30; i++) expect((await real.app.inject({ url })).statusCode).toBe(404);
    const over = await real.app.inject({ url, headers: { "accept-language": "fr" } });
    expect(over.statusCode).toBe(429);
    expect(over.json<{ message: string }>().message).toMatch(
      /^Trop de liens de création du mot de passe ouverts depuis votre connexion\. Veuillez réessayer dans (60|59) minutes\.$/,
    );
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(3500);
    // Setting a password is counted on its own.
    expect(
      (await real.app.inject({ method: "POST", url, headers: SAME_ORIGIN, payload: { password: "x" } })).statusCode,
    ).not.toBe(429);
  });

  it("contact details may be removed 10 times a minute from one address, then it says so", async () => {
    const url = `/api/track/${TOKEN}/contact-details/erase`;
    for (let i = 0; i < 10; i++) expect((await real.app.inject({ method: "POST", url })).statusCode).toBe(404);
    const over = await real.app.inject({ method: "POST", url });
    expect(over.statusCode).toBe(429);
    expect(over.json<{ message: string }>().message).toBe(
      "Too many requests to remove contact details from your connection. Please wait a minute and try again.",
    );
  });
});
