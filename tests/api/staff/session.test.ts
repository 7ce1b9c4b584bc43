import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { STAFF_MESSAGES } from "#shared/staff/staff-messages.ts";
import { createTestApp, type TestApp } from "../test-app.ts";
import {
  addStaff,
  HOST,
  resetData,
  SAME_ORIGIN,
  sessionCookie,
  signIn,
  STAFF_EMAIL,
  STAFF_PASSWORD,
} from "./staff-helpers.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await resetData(t.db);
  await addStaff(t.db);
});

const whoAmI = (cookie?: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url: "/api/staff/session", headers: { ...(cookie && { cookie }), ...headers } });

describe("staff sign-in", () => {
  it("signs in with the right password, sets a protected cookie and knows who is signed in", async () => {
    const response = await signIn(t.app, "Officer@Water.Example ", STAFF_PASSWORD);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ email: STAFF_EMAIL });
    const cookie = response.cookies.find((c) => c.name === "staff_session")!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe("Strict");
    expect(cookie.path).toBe("/api/staff");
    expect(cookie.secure).toBeFalsy();
    // Only a hash of the id is stored.
    const { rows } = await t.db.query<{ token_hash: string }>("SELECT token_hash FROM staff_sessions");
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).not.toBe(cookie.value);

    const me = await whoAmI(sessionCookie(response));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: STAFF_EMAIL });
    expect(me.headers["cache-control"]).toBe("no-store");
  });

  it("gives the same message for a wrong password, an unknown e-mail and a disabled account", async () => {
    const wrong = await signIn(t.app, STAFF_EMAIL, "not the password at all");
    const unknown = await signIn(t.app, "nobody@water.example", STAFF_PASSWORD);
    await t.db.query("UPDATE staff_accounts SET disabled_at = now()");
    const disabled = await signIn(t.app, STAFF_EMAIL, STAFF_PASSWORD);
    for (const response of [wrong, unknown, disabled]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: "Incorrect email or password.", requestId: expect.any(String) });
      expect(response.cookies).toHaveLength(0);
    }
  });

  it("asks for both fields when one is missing", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/staff/session",
      headers: SAME_ORIGIN,
      payload: { email: STAFF_EMAIL },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ message: STAFF_MESSAGES.signInMissing });
  });

  it("issues a new session id at every sign-in", async () => {
    const first = sessionCookie(await signIn(t.app));
    const second = sessionCookie(await signIn(t.app, STAFF_EMAIL, STAFF_PASSWORD, { cookie: first }));
    expect(second).not.toBe(first);
    // Signing in again from the same browser ends its previous session.
    expect((await whoAmI(first)).statusCode).toBe(401);
    expect((await whoAmI(second)).statusCode).toBe(200);
  });

  it("marks the cookie Secure over HTTPS behind a trusted proxy, and not when the proxy is not trusted", async () => {
    const trusted = await createTestApp({ config: { trustProxy: true } });
    try {
      await addStaff(trusted.db);
      const response = await signIn(trusted.app, STAFF_EMAIL, STAFF_PASSWORD, {
        "x-forwarded-proto": "https",
        origin: `https://${HOST}`,
      });
      expect(response.statusCode).toBe(200);
      expect(response.cookies.find((c) => c.name === "staff_session")!.secure).toBe(true);
    } finally {
      await trusted.close();
    }
    const untrusted = await signIn(t.app, STAFF_EMAIL, STAFF_PASSWORD, { "x-forwarded-proto": "https" });
    expect(untrusted.cookies.find((c) => c.name === "staff_session")!.secure).toBeFalsy();
  });
});

describe("sign-out and expiry", () => {
  it("ends the session on the server at sign-out", async () => {
    const cookie = sessionCookie(await signIn(t.app));
    const out = await t.app.inject({
      method: "DELETE",
      url: "/api/staff/session",
      headers: { ...SAME_ORIGIN, cookie },
    });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === "staff_session")!.value).toBe("");
    // The old cookie value no longer works even if the browser kept it.
    const me = await whoAmI(cookie);
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual({ message: "Please sign in to continue.", requestId: expect.any(String) });
    expect((await t.db.query("SELECT 1 FROM staff_sessions")).rows).toHaveLength(0);
  });

  it("expires after the idle time, and slides while in use", async () => {
    const cookie = sessionCookie(await signIn(t.app));
    await t.db.query("UPDATE staff_sessions SET last_seen_at = now() - interval '59 minutes'");
    expect((await whoAmI(cookie)).statusCode).toBe(200);
    // The request above moved last_seen_at forward, so another 59 minutes later it is still alive.
    const { rows } = await t.db.query<{ idle: number }>(
      "SELECT extract(epoch FROM now() - last_seen_at)::float8 AS idle FROM staff_sessions",
    );
    expect(rows[0]!.idle).toBeLessThan(5);
    await t.db.query("UPDATE staff_sessions SET last_seen_at = now() - interval '61 minutes'");
    const expired = await whoAmI(cookie);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toEqual({ message: "Please sign in to continue.", requestId: expect.any(String) });
    expect((await t.db.query("SELECT 1 FROM staff_sessions")).rows).toHaveLength(0);
  });

  it("expires after the absolute maximum however active", async () => {
    const cookie = sessionCookie(await signIn(t.app));
    await t.db.query("UPDATE staff_sessions SET created_at = now() - interval '12 hours 1 minute'");
    expect((await whoAmI(cookie)).statusCode).toBe(401);
  });

  it("stops a disabled account's sessions at once", async () => {
    const cookie = sessionCookie(await signIn(t.app));
    await t.db.query("UPDATE staff_accounts SET disabled_at = now()");
    expect((await whoAmI(cookie)).statusCode).toBe(401);
  });
});

// Throttling: tests/api/staff/sign-in-throttle.test.ts.

describe("cross-site protection", () => {
  it("refuses a sign-in posted from another site", async () => {
    const response = await signIn(t.app, STAFF_EMAIL, STAFF_PASSWORD, { origin: "https://evil.example" });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: STAFF_MESSAGES.crossSite, requestId: expect.any(String) });
    expect(response.cookies).toHaveLength(0);
  });

  it("refuses a state change with a foreign Origin or Referer, or with neither, even when signed in", async () => {
    const cookie = sessionCookie(await signIn(t.app));
    const cases: Record<string, string>[] = [
      { host: HOST, origin: "https://evil.example" },
      { host: HOST, referer: "https://evil.example/page" },
      { host: HOST, origin: "null" },
      { host: HOST },
    ];
    for (const headers of cases) {
      const response = await t.app.inject({
        method: "DELETE",
        url: "/api/staff/session",
        headers: { ...headers, cookie },
      });
      expect(response.statusCode).toBe(403);
    }
    // The session survived every attempt.
    expect((await whoAmI(cookie)).statusCode).toBe(200);
    // The same origin through Referer alone is accepted.
    const ok = await t.app.inject({
      method: "DELETE",
      url: "/api/staff/session",
      headers: { host: HOST, referer: `http://${HOST}/staff`, cookie },
    });
    expect(ok.statusCode).toBe(204);
  });
});

describe("the public cannot reach the staff API", () => {
  const staffUrls = [
    ["GET", "/api/staff/session"],
    ["GET", "/api/staff/grievances"],
    ["GET", "/api/staff/grievances/00000000-0000-4000-8000-000000000000"],
    ["POST", "/api/staff/grievances/00000000-0000-4000-8000-000000000000/status"],
    ["POST", "/api/staff/grievances/00000000-0000-4000-8000-000000000000/hide"],
    ["POST", "/api/staff/grievances/00000000-0000-4000-8000-000000000000/unhide"],
    ["GET", "/api/staff/no-such-thing"],
  ] as const;

  it.each(staffUrls)("%s %s without a session: 401 and no data", async (method, url) => {
    const response = await t.app.inject({
      method,
      url,
      headers: { ...SAME_ORIGIN, cookie: "staff_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" },
      ...(method === "POST" && { payload: { status: "resolved", note: "x", reason: "x" } }),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: "Please sign in to continue.", requestId: expect.any(String) });
  });
});
