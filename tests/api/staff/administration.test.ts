import type { InjectOptions } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyApiKey } from "#server/admin/api-key-repository.ts";
import { withoutTrackingToken } from "#server/http/request-log.ts";
import { createTestApp, type TestApp } from "../test-app.ts";
import { adminAndStaffClients, SAME_ORIGIN, signIn, staffClient } from "./staff-helpers.ts";

// Roles, staff accounts with one-time set-password links, API keys and the audit log (docs/decisions/017).

const ADMIN = "admin@water.example";
const STAFF = "staff@water.example";
let t: TestApp;
let admin: Awaited<ReturnType<typeof staffClient>>;
let staff: Awaited<ReturnType<typeof staffClient>>;
const anonymous = (options: InjectOptions) => t.app.inject({ ...options, headers: { ...SAME_ORIGIN } });
const tokenOf = (link: string) => decodeURIComponent(link.split("/staff/set-password/")[1]!);
const audit = async () =>
  (
    await t.db.query<{ actor: string; action: string; target: string; details: Record<string, unknown>; at: Date }>(
      "SELECT actor, action, target, details, at FROM audit_log ORDER BY id",
    )
  ).rows;

beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: "https://water.example.org" } });
  ({ admin, staff } = await adminAndStaffClients(t.app, t.db, ADMIN, STAFF));
});
afterAll(() => t.close());

const adminRoutes = [
  { method: "GET" as const, url: "/api/staff/admin/accounts" },
  { method: "POST" as const, url: "/api/staff/admin/accounts", payload: { email: "x@water.example", role: "staff" } },
  {
    method: "PATCH" as const,
    url: "/api/staff/admin/accounts/00000000-0000-0000-0000-000000000000",
    payload: { role: "admin" },
  },
  { method: "POST" as const, url: "/api/staff/admin/accounts/00000000-0000-0000-0000-000000000000/password-link" },
  { method: "GET" as const, url: "/api/staff/admin/api-keys" },
  { method: "POST" as const, url: "/api/staff/admin/api-keys", payload: { name: "x" } },
  { method: "POST" as const, url: "/api/staff/admin/api-keys/00000000-0000-0000-0000-000000000000/revoke" },
  { method: "GET" as const, url: "/api/staff/admin/audit-log" },
];

describe("roles", () => {
  it("the session says the role; staff get 403 and visitors 401 on every administration route", async () => {
    expect((await admin({ method: "GET", url: "/api/staff/session" })).json().role).toBe("admin");
    expect((await staff({ method: "GET", url: "/api/staff/session" })).json().role).toBe("staff");
    for (const route of adminRoutes) {
      const refused = await staff(route);
      expect(refused.statusCode, route.url).toBe(403);
      expect(refused.json().message).toBe("Only administrators can do this.");
      expect((await anonymous(route)).statusCode, route.url).toBe(401);
    }
    expect(await audit()).toEqual([]);
  });
});

describe("staff accounts", () => {
  let newId: string;
  let link: string;

  it("an admin creates an account, which has no password and cannot sign in until its link is used", async () => {
    const created = await admin({
      method: "POST",
      url: "/api/staff/admin/accounts",
      payload: { email: " New.Person@Water.Example ", role: "staff" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json();
    expect(body.account).toMatchObject({
      email: "New.Person@Water.Example",
      role: "staff",
      disabled: false,
      password_set: false,
    });
    expect(body.link).toMatch(/^https:\/\/water\.example\.org\/staff\/set-password\/[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(body.expiresAt) - Date.now()).toBeGreaterThan(71 * 3_600_000);
    newId = body.account.id;
    link = body.link;
    expect((await signIn(t.app, "new.person@water.example", "")).statusCode).toBe(400);
    expect((await signIn(t.app, "new.person@water.example", "any password at all")).statusCode).toBe(401);
    const duplicate = await admin({
      method: "POST",
      url: "/api/staff/admin/accounts",
      payload: { email: "new.person@water.example", role: "admin" },
    });
    expect(duplicate.statusCode).toBe(409);
    const badEmail = await admin({
      method: "POST",
      url: "/api/staff/admin/accounts",
      payload: { email: "nope", role: "staff" },
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().message).toBe("Please enter a valid email address.");
    // The token never reaches the log.
    expect(withoutTrackingToken(`/api/staff/password-links/${tokenOf(link)}`)).toBe("/api/staff/password-links/\u2026");
  });

  it("the link says whose it is, sets the password once, and the person signs in as staff", async () => {
    const token = tokenOf(link);
    const info = await anonymous({ method: "GET", url: `/api/staff/password-links/${token}` });
    expect(info.json()).toMatchObject({ email: "New.Person@Water.Example" });
    const short = await anonymous({
      method: "POST",
      url: `/api/staff/password-links/${token}`,
      payload: { password: "short" },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe("The password must be at least 12 characters long.");
    const set = await anonymous({
      method: "POST",
      url: `/api/staff/password-links/${token}`,
      payload: { password: "a brand new long password" },
    });
    expect(set.statusCode, set.body).toBe(200);
    const again = await anonymous({
      method: "POST",
      url: `/api/staff/password-links/${token}`,
      payload: { password: "another long password" },
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toMatch(/^This link is not valid/);
    const signedIn = await signIn(t.app, "new.person@water.example", "a brand new long password");
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().role).toBe("staff");
    expect((await anonymous({ method: "GET", url: "/api/staff/password-links/not-a-token" })).statusCode).toBe(404);
  });

  it("an expired link or an older one replaced by a new link no longer works", async () => {
    const first = tokenOf(
      (await admin({ method: "POST", url: `/api/staff/admin/accounts/${newId}/password-link` })).json().link,
    );
    const second = tokenOf(
      (await admin({ method: "POST", url: `/api/staff/admin/accounts/${newId}/password-link` })).json().link,
    );
    expect((await anonymous({ method: "GET", url: `/api/staff/password-links/${first}` })).statusCode).toBe(404);
    expect((await anonymous({ method: "GET", url: `/api/staff/password-links/${second}` })).statusCode).toBe(200);
    await t.db.query("UPDATE staff_password_tokens SET expires_at = now() - interval '1 second' WHERE used_at IS NULL");
    expect((await anonymous({ method: "GET", url: `/api/staff/password-links/${second}` })).statusCode).toBe(404);
  });

  it("an admin changes a role and disables an account, whose session ends at once; the last admin stays", async () => {
    const person = await staffClient(t.app, "new.person@water.example", "a brand new long password");
    const promoted = await admin({
      method: "PATCH",
      url: `/api/staff/admin/accounts/${newId}`,
      payload: { role: "admin" },
    });
    expect(promoted.json()).toMatchObject({ role: "admin" });
    expect((await person({ method: "GET", url: "/api/staff/admin/accounts" })).statusCode).toBe(200);
    const disabled = await admin({
      method: "PATCH",
      url: `/api/staff/admin/accounts/${newId}`,
      payload: { disabled: true },
    });
    expect(disabled.json()).toMatchObject({ disabled: true });
    expect((await person({ method: "GET", url: "/api/staff/session" })).statusCode).toBe(401);

    const adminId = (await admin({ method: "GET", url: "/api/staff/admin/accounts" }))
      .json()
      .accounts.find((account: { email: string }) => account.email === ADMIN).id;
    for (const change of [{ role: "staff" }, { disabled: true }]) {
      const refused = await admin({ method: "PATCH", url: `/api/staff/admin/accounts/${adminId}`, payload: change });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/^There must always be at least one active administrator/);
    }
    expect((await admin({ method: "GET", url: "/api/staff/session" })).json().role).toBe("admin");
  });
});

describe("API keys", () => {
  it("an admin creates a key shown once, which works until it is revoked", async () => {
    const created = await admin({
      method: "POST",
      url: "/api/staff/admin/api-keys",
      payload: { name: "City work orders" },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { apiKey, key } = created.json();
    expect(key).toMatch(/^wgp_[A-Za-z0-9_-]{43}$/);
    expect(apiKey).toMatchObject({
      name: "City work orders",
      prefix: key.slice(0, 10),
      created_by: ADMIN,
      revoked_at: null,
    });
    const listed = (await admin({ method: "GET", url: "/api/staff/admin/api-keys" })).json();
    expect(JSON.stringify(listed)).not.toContain(key);
    expect(await verifyApiKey(t.db, key)).toMatchObject({ name: "City work orders" });
    const used = (await admin({ method: "GET", url: "/api/staff/admin/api-keys" })).json().keys[0];
    expect(used.last_used_at).not.toBeNull();

    const revoked = await admin({ method: "POST", url: `/api/staff/admin/api-keys/${apiKey.id}/revoke` });
    expect(revoked.json().revoked_at).not.toBeNull();
    expect(await verifyApiKey(t.db, key)).toBeUndefined();
    expect((await admin({ method: "POST", url: `/api/staff/admin/api-keys/${apiKey.id}/revoke` })).statusCode).toBe(
      404,
    );
    expect(
      (await admin({ method: "POST", url: "/api/staff/admin/api-keys", payload: { name: "  " } })).json().message,
    ).toBe("Please give the key a name, e.g. the system that will use it.");
  });
});

describe("the audit log", () => {
  it("records every action with who and when, newest first, paged", async () => {
    const rows = await audit();
    expect(rows.map((row) => [row.actor, row.action, row.target])).toEqual([
      [ADMIN, "account.create", "New.Person@Water.Example"],
      [ADMIN, "account.password_link", "New.Person@Water.Example"],
      ["New.Person@Water.Example", "account.password_set", "New.Person@Water.Example"],
      [ADMIN, "account.password_link", "New.Person@Water.Example"],
      [ADMIN, "account.password_link", "New.Person@Water.Example"],
      [ADMIN, "account.role", "New.Person@Water.Example"],
      [ADMIN, "account.disable", "New.Person@Water.Example"],
      [ADMIN, "api_key.create", "City work orders"],
      [ADMIN, "api_key.revoke", "City work orders"],
    ]);
    expect(rows.every((row) => Date.now() - row.at.getTime() < 60_000)).toBe(true);
    // A key's prefix is recorded, never the key itself, nor any password.
    expect(JSON.stringify(rows)).not.toMatch(/wgp_[A-Za-z0-9_-]{43}|password"/);

    const page = (await admin({ method: "GET", url: "/api/staff/admin/audit-log" })).json();
    expect(page.entries.map((entry: { action: string }) => entry.action)[0]).toBe("api_key.revoke");
    expect(page.nextBefore).toBeNull();
    await t.db.query(
      "INSERT INTO audit_log (actor, action, target) SELECT 'command line', 'account.enable', 'x' || n FROM generate_series(1, 60) n",
    );
    const first = (await admin({ method: "GET", url: "/api/staff/admin/audit-log" })).json();
    expect(first.entries).toHaveLength(50);
    const second = (
      await admin({ method: "GET", url: `/api/staff/admin/audit-log?before=${first.nextBefore}` })
    ).json();
    expect(second.entries).toHaveLength(19);
    expect(second.entries.at(-1).action).toBe("account.create");
  });
});
