import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { teamApiPaths } from "#shared/teams/team-api.ts";
import { type OpenApiDocument, operationIn, serveDocument } from "./openapi-served.ts";

// The contract of teams and routing (docs/decisions/029-teams-routing-and-assignment.md): /api/openapi.json names
// createTeam {name, email} and createRoutingRule {teamId, serviceCode (or null), area (a GeoJSON Polygon, or null)}.

let document: OpenApiDocument;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ document, close } = await serveDocument());
});
afterAll(() => close());

const bodyOf = (path: string) => {
  const operation = operationIn(document, "post", path.replace(/:(\w+)/g, "{$1}"));
  return { operationId: operation.operationId, schema: operation.requestBody!.content["application/json"]!.schema! };
};

describe("the teams' operations in the OpenAPI document", () => {
  it("createTeam takes a name and an inbox", () => {
    const { operationId, schema } = bodyOf(teamApiPaths.teams);
    expect(operationId).toBe("createTeam");
    expect(schema.required).toEqual(expect.arrayContaining(["name", "email"]));
    expect(schema.properties!.email).toMatchObject({ type: "string", format: "email" });
  });

  it("createRoutingRule takes a team, a service code or null, and a GeoJSON Polygon or null", () => {
    const { operationId, schema } = bodyOf(teamApiPaths.routingRules);
    expect(operationId).toBe("createRoutingRule");
    expect(schema.required).toEqual(expect.arrayContaining(["teamId", "serviceCode", "area"]));
    const area = JSON.stringify(schema.properties!.area);
    expect(area).toContain('"Polygon"');
    expect(area).toContain('"null"');
    expect(JSON.stringify(schema.properties!.serviceCode)).toContain('"null"');
  });
});
