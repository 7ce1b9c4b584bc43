import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { PrivacyNotice } from "#shared/api-schemas/privacy.ts";
import { loadConfig } from "#server/config.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

// GET /api/privacy (getPrivacyNotice): what /privacy is written from, the settings as they are
// (docs/decisions/042-privacy-and-retention.md).

describe("the privacy settings", () => {
  it("have defaults a regulator would accept, and 0 means at the next run", () => {
    const config = loadConfig({});
    expect(config.privacy).toEqual({
      contact: undefined,
      retention: {
        contactDays: 365,
        followersDays: 90,
        hiddenDays: 90,
        hiddenUpdatesDays: 90,
        auditDays: 2555,
        smsDays: 180,
        emailDays: 90,
      },
    });
    expect(loadConfig({ RETENTION_CONTACT_DAYS: "0" }).privacy.retention.contactDays).toBe(0);
  });

  it("refuses a period that is not a whole number of days, and a contact past 500 characters", () => {
    expect(() => loadConfig({ RETENTION_CONTACT_DAYS: "-1" })).toThrow(/RETENTION_CONTACT_DAYS/);
    expect(() => loadConfig({ RETENTION_AUDIT_DAYS: "a year" })).toThrow(/RETENTION_AUDIT_DAYS/);
    expect(() => loadConfig({ PRIVACY_CONTACT: "x".repeat(501) })).toThrow(/PRIVACY_CONTACT/);
  });
});

describe("GET /api/privacy", () => {
  let t: TestApp;
  beforeAll(async () => {
    const config = loadConfig({
      PRIVACY_CONTACT: "privacy@water.example.org",
      PORTAL_OPERATOR_NAME: "Lakeside Water Board",
      PORTAL_OPERATOR_URL: "https://water.example.org",
      RETENTION_CONTACT_DAYS: "30",
    });
    t = await createTestApp({ config: { privacy: config.privacy, operator: config.operator } });
  });
  afterAll(() => t.close());

  it("says who runs the portal, whom to ask, and each period", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/privacy" });
    expect(res.statusCode).toBe(200);
    expect(res.json<PrivacyNotice>()).toEqual({
      operator: { name: "Lakeside Water Board", url: "https://water.example.org" },
      contact: "privacy@water.example.org",
      sms: false,
      retention: {
        contactDays: 30,
        followersDays: 90,
        hiddenDays: 90,
        hiddenUpdatesDays: 90,
        auditDays: 2555,
        smsDays: 180,
        emailDays: 90,
      },
    });
  });

  it("is in the API reference as getPrivacyNotice", async () => {
    const document = (await t.app.inject({ method: "GET", url: "/api/openapi.json" })).json<{
      paths: Record<string, { get?: { operationId?: string } }>;
    }>();
    expect(document.paths["/api/privacy"]?.get?.operationId).toBe("getPrivacyNotice");
  });
});
