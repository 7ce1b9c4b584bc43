import { readFileSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiPaths } from "#shared/api-paths.ts";
import { PRIORITIES, STATUSES } from "#shared/domain.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

// The API's field names (docs/api-conventions.md, "Field names"), read off the OpenAPI document the API is held to
// (tests/api/openapi-answers.ts checks every answer of the API tests against it): how names are spelt, the
// specification's names kept, and no field of an answer ever renamed or removed.

interface Schema {
  properties?: Record<string, Schema>;
  items?: Schema;
  additionalProperties?: Schema | boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
}
type Content = Record<string, { schema?: Schema }>;
interface Operation {
  operationId?: string;
  requestBody?: { content?: Content };
  responses?: Record<string, { content?: Content }>;
}

const SNAKE_CASE = /^[a-z][a-z0-9]*(_[a-z0-9]+)*$/;
const CAMEL_CASE = /^[a-z][a-z0-9]*([A-Z][a-z0-9]*)*$/;
/** The grievance's fields as the specification's table names them. */
const SPECIFICATION_FIELDS = [
  "id",
  "title",
  "description",
  "location",
  "category",
  "priority",
  "user_email",
  "user_phone",
  "images",
  "status",
  "created_at",
];
/** Maps keyed by a value (`byStatus`: "in-progress"), not by field names. */
const VALUE_KEYS = [STATUSES, PRIORITIES].map((values) => [...values].sort().join(" "));
const ANSWER_FIELDS = new URL("./answer-fields.txt", import.meta.url);

/** One property of a JSON schema, at its path ("items[].created_at"), with the names of its siblings. */
interface Field {
  path: string;
  name: string;
  siblings: string[];
}

function fieldsOf(schema: Schema | undefined, prefix = ""): Field[] {
  if (!schema) return [];
  const names = Object.keys(schema.properties ?? {});
  const own = Object.entries(schema.properties ?? {}).flatMap(([name, child]) => [
    { path: `${prefix}${name}`, name, siblings: names },
    ...fieldsOf(child, `${prefix}${name}.`),
  ]);
  const values = typeof schema.additionalProperties === "object" ? schema.additionalProperties : undefined;
  return [
    ...own,
    ...fieldsOf(schema.items, `${prefix.replace(/\.$/, "")}[].`),
    ...fieldsOf(values, `${prefix}*.`),
    ...[...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])].flatMap((s) => fieldsOf(s, prefix)),
  ];
}

const jsonSchemasOf = (content: Content | undefined) =>
  Object.entries(content ?? {})
    .filter(([mediaType]) => mediaType.includes("json"))
    .map(([, media]) => media.schema);

interface Named {
  operation: string;
  path: string;
  /** Every field of the operation's JSON answers (any status) and JSON request body. */
  fields: Field[];
  /** "<status> <path>" of each field of its successful JSON answers. */
  answerFields: string[];
}

let t: TestApp;
let operations: Named[];

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: "GET", url: apiPaths.openapi });
  expect(res.statusCode).toBe(200);
  const document = res.json<{ paths: Record<string, Record<string, Operation>> }>();
  operations = Object.entries(document.paths).flatMap(([path, byMethod]) =>
    Object.values(byMethod).map((operation) => {
      const answers = Object.entries(operation.responses ?? {});
      const answerFields = answers
        .filter(([status]) => status.startsWith("2"))
        .flatMap(([status, answer]) =>
          jsonSchemasOf(answer.content).flatMap((schema) => fieldsOf(schema).map((f) => `${status} ${f.path}`)),
        );
      return {
        operation: operation.operationId ?? path,
        path,
        fields: [
          ...answers.flatMap(([, answer]) => jsonSchemasOf(answer.content).flatMap((s) => fieldsOf(s))),
          ...jsonSchemasOf(operation.requestBody?.content).flatMap((s) => fieldsOf(s)),
        ],
        answerFields: [...new Set(answerFields)],
      };
    }),
  );
  expect(operations.length).toBeGreaterThan(70);
});
afterAll(() => t.close());

describe("field names", () => {
  it("every field of a JSON answer or body is snake_case or camelCase", () => {
    const keyedByValue = (f: Field) => VALUE_KEYS.includes([...f.siblings].sort().join(" "));
    const badlySpelt = operations.flatMap(({ operation, fields }) =>
      fields
        .filter((f) => !SNAKE_CASE.test(f.name) && !CAMEL_CASE.test(f.name) && !keyedByValue(f))
        .map((f) => `${operation}: ${f.path}`),
    );
    expect(badlySpelt).toEqual([]);
  });

  it("the patterns refuse what is neither", () => {
    for (const name of ["user-email", "UserEmail", "hidden_byEmail", "created__at", "_id", "url_"]) {
      expect(SNAKE_CASE.test(name) || CAMEL_CASE.test(name), name).toBe(false);
    }
    for (const name of ["user_email", "nextCursor", "id", "medianResolutionSeconds"]) {
      expect(SNAKE_CASE.test(name) || CAMEL_CASE.test(name), name).toBe(true);
    }
  });

  it("Open311 speaks GeoReport v2's snake_case names only", () => {
    const open311 = operations.filter(({ path }) => path.startsWith("/open311/"));
    expect(open311.length).toBeGreaterThan(5);
    const notSnake = open311.flatMap(({ operation, fields }) =>
      fields.filter((f) => !SNAKE_CASE.test(f.name)).map((f) => `${operation}: ${f.path}`),
    );
    expect(notSnake).toEqual([]);
  });

  it("the report's answers keep the specification's names", () => {
    const reportAnswers = {
      createGrievance: "201 ",
      listGrievances: "200 items[].",
      getGrievance: "200 ",
      getTrackedGrievance: "200 grievance.",
      listStaffGrievances: "200 items[].",
      getStaffGrievance: "200 ",
    };
    for (const [operation, prefix] of Object.entries(reportAnswers)) {
      const fields = operations.find((o) => o.operation === operation)?.answerFields ?? [];
      const missing = SPECIFICATION_FIELDS.filter((name) => !fields.includes(`${prefix}${name}`));
      expect(missing, operation).toEqual([]);
    }
  });
});

describe("fields are added, never renamed", () => {
  // tests/api/answer-fields.txt lists every field of every successful JSON answer, "<operationId> <status> <path>".
  // ANSWER_FIELDS_ADD=1 adds the new ones to it; nothing ever takes a line out.
  it("no answer loses a field it had, and every new field is listed", () => {
    const current = operations.flatMap(({ operation, answerFields }) => answerFields.map((f) => `${operation} ${f}`));
    const listed = readFileSync(ANSWER_FIELDS, "utf8")
      .split("\n")
      .filter((line) => line && !line.startsWith("#"));
    const gone = listed.filter((line) => !current.includes(line));
    expect(gone, "renamed or removed: add the new name beside the old one (docs/api-conventions.md)").toEqual([]);
    const added = current.filter((line) => !listed.includes(line));
    if (added.length > 0 && process.env.ANSWER_FIELDS_ADD === "1") {
      const header = readFileSync(ANSWER_FIELDS, "utf8")
        .split("\n")
        .filter((line) => line.startsWith("#"));
      writeFileSync(ANSWER_FIELDS, [...header, ...[...listed, ...added].sort()].join("\n") + "\n");
      return;
    }
    expect(added, "new fields: list them (ANSWER_FIELDS_ADD=1 npx vitest run tests/api/field-names.test.ts)").toEqual(
      [],
    );
  });
});
