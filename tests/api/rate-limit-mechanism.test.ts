import fastifyRateLimit from "@fastify/rate-limit";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { refuseOverLimit, requireLimitRefusals } from "#server/http/rate-limit-refusal.ts";

// How a limited route says what it refused (src/server/http/rate-limit-refusal.ts), on a bare Fastify; every route of
// the portal with its words is in rate-limit-refusals.test.ts.
describe("the mechanism", () => {
  /** A bare Fastify with the plugin and the portal's builder and check, as app.ts registers them. */
  async function bareApp() {
    const app = Fastify();
    await app.register(fastifyRateLimit, { global: false, errorResponseBuilder: refuseOverLimit });
    requireLimitRefusals(app);
    return app;
  }

  it("refuses to register a limited route that does not say what it limits", async () => {
    const app = await bareApp();
    expect(() =>
      app.get("/api/example", { config: { rateLimit: { max: 1, timeWindow: 60_000 } } }, async () => "ok"),
    ).toThrow(/GET \/api\/example has a rate limit but no refusal of its own/);
    await app.close();
  });

  it("refuses a route that builds its own answer past the limit instead of naming its words", async () => {
    const app = await bareApp();
    expect(() =>
      app.get(
        "/api/example",
        {
          config: {
            rateLimit: { max: 1, timeWindow: 60_000, refusal: "x", errorResponseBuilder: () => new Error("own") },
          },
        },
        async () => "ok",
      ),
    ).toThrow(/name the words in refusal/);
    await app.close();
  });

  it("counts the minutes left in the window: one, then many", async () => {
    const app = await bareApp();
    app.get(
      "/api/example",
      {
        config: {
          rateLimit: {
            max: 1,
            timeWindow: 60 * 60_000,
            refusal: (minutes) => `${minutes} left`,
          },
        },
      },
      async () => "ok",
    );
    expect((await app.inject({ url: "/api/example" })).statusCode).toBe(200);
    const over = await app.inject({ url: "/api/example" });
    expect(over.statusCode).toBe(429);
    // The whole hour is left, less the moment between the two requests.
    expect(JSON.parse(over.body)).toMatchObject({ message: "60 left" });
    await app.close();
  });
});
