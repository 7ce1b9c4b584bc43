import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { explicitRecordKeys } from "#server/http/openapi.ts";
import { apiPaths, exportPaths } from "#shared/api-paths.ts";
import { mediaTypesOf, type OpenApiDocument, operationIn, operationsOf, serveDocument } from "./openapi-served.ts";

let document: OpenApiDocument;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ document, close } = await serveDocument());
});
afterAll(() => close());

const operation = (method: string, path: string) => operationIn(document, method, path);

describe("what the document says of bodies and media types", () => {
  it("the report form and the reporter's update are multipart bodies: the shared schema's fields and the photos", () => {
    const report = operation("post", apiPaths.grievances).requestBody!;
    const form = report.content["multipart/form-data"]!;
    expect(Object.keys(report.content)).toEqual(["multipart/form-data"]);
    expect(Object.keys(form.schema!.properties!)).toEqual(
      expect.arrayContaining([
        "title",
        "description",
        "category",
        "priority",
        "location",
        "user_email",
        "user_phone",
        "latitude",
        "longitude",
        "images",
      ]),
    );
    expect(form.schema!.required).toEqual(["title", "description", "category"]);
    expect(form.schema!.properties!.title).toMatchObject({ type: "string", maxLength: 200 });
    expect(form.schema!.properties!.images).toMatchObject({
      type: "array",
      maxItems: 5,
      items: { type: "string", format: "binary" },
    });
    expect(form.schema!.properties!.images!.description).toMatch(/each at most 5 MB/);
    expect(form.encoding?.images?.contentType).toBe("image/jpeg, image/png, image/gif, image/webp");

    const update = operation("post", "/api/track/{token}/updates").requestBody!.content["multipart/form-data"]!;
    expect(Object.keys(update.schema!.properties!)).toEqual(["text", "images"]);
    expect(update.schema!.required).toEqual(["text"]);
  });

  it("Open311's POST takes the form encoding the standard and FixMyStreet send, and JSON", () => {
    const body = operation("post", "/open311/v2/requests.{format}").requestBody!;
    expect(Object.keys(body.content)).toEqual(["application/x-www-form-urlencoded", "application/json"]);
    expect(Object.keys(body.content["application/x-www-form-urlencoded"]!.schema!.properties!)).toEqual(
      expect.arrayContaining(["api_key", "service_code", "description", "lat", "long", "address_string", "email"]),
    );
  });

  it("each answer that is not JSON is declared as what it is", () => {
    expect(mediaTypesOf(operation("get", exportPaths.grievancesCsv), "200")).toEqual(["text/csv"]);
    expect(mediaTypesOf(operation("get", exportPaths.grievancesFeed), "200")).toEqual(["application/atom+xml"]);
    expect(mediaTypesOf(operation("get", exportPaths.incidentsFeed), "200")).toEqual(["application/atom+xml"]);
    expect(mediaTypesOf(operation("get", "/incidents/{id}.cap.xml"), "200")).toEqual(["application/cap+xml"]);
    // Signing out answers 204 and nothing else: no body, no media type.
    expect(operation("delete", "/api/staff/session").responses!["204"]).toEqual({
      description: "Signed out: the session has ended.",
    });
    // Open311: JSON or the standard's text/xml by the path's suffix, errors included.
    for (const { path, operation: op } of operationsOf(document).filter(({ path }) => path.startsWith("/open311/"))) {
      for (const status of Object.keys(op.responses ?? {})) {
        expect(mediaTypesOf(op, status), `${path} ${status}`).toEqual(["application/json", "text/xml"]);
      }
    }
  });

  it("a record over fixed keys is an object with those properties, so `required` names only properties that exist", () => {
    const stats = operation("get", "/api/stats").responses!["200"]!.content!["application/json"]!.schema!;
    const byStatus = stats.properties!.byStatus as { properties?: Record<string, unknown>; required?: string[] };
    expect(Object.keys(byStatus.properties ?? {})).toEqual(["pending", "in-progress", "resolved"]);
    expect(byStatus.required).toEqual(["pending", "in-progress", "resolved"]);

    const record = {
      type: "object",
      propertyNames: { type: "string", enum: ["a", "b"] },
      additionalProperties: { type: "number" },
      required: ["a", "b"],
    };
    const nested = { type: "object", properties: { counts: record } };
    explicitRecordKeys(nested);
    expect(record).toEqual({
      type: "object",
      properties: { a: { type: "number" }, b: { type: "number" } },
      additionalProperties: false,
      required: ["a", "b"],
    });
    // A record over any string stays a map.
    const map = { type: "object", propertyNames: { type: "string" }, additionalProperties: { type: "number" } };
    explicitRecordKeys(map);
    expect(map).toEqual({
      type: "object",
      propertyNames: { type: "string" },
      additionalProperties: { type: "number" },
    });
  });

  it("every operation declares the app-wide refusals: 400 for an unreadable address, 415 for a body it cannot read", () => {
    for (const { method, path, operation: op } of operationsOf(document)) {
      expect(op.responses?.["400"], `${method} ${path}`).toBeDefined();
      if (["POST", "PUT", "PATCH"].includes(method)) expect(op.responses?.["415"], `${method} ${path}`).toBeDefined();
    }
    // Open311's in its own error format.
    expect(mediaTypesOf(operation("post", "/open311/v2/requests.{format}"), "415")).toEqual([
      "application/json",
      "text/xml",
    ]);
  });

  it("operations are public unless they name the staff session", () => {
    expect(document.security).toEqual([]);
    expect(operation("get", "/api/staff/grievances/{id}").security).toEqual([{ cookieAuth: [] }]);
  });
});
