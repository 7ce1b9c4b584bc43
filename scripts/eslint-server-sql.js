/**
 * SQL only in repositories (docs/project-structure.md): a string or template in src/server whose text holds a
 * statement (SELECT, INSERT INTO, UPDATE … SET, DELETE FROM) is an error anywhere but in a `*-repository.ts` file,
 * so a query cannot creep back into a route or a workflow. The allow-list is infrastructure about the database
 * itself, whose SQL is not the domain's:
 */
export const SQL_ALLOWED = [
  // The database layer: the migrations runner and its lock.
  "src/server/db/**",
  // Backup, restore and the data migration copy whole tables, read from the catalog.
  "src/server/operations/**",
];

const STATEMENT = String.raw`/\b(SELECT|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM)\b/`;
const MESSAGE = "SQL only in a *-repository.ts file: move the query into the slice's repository and call it.";

export const serverSql = {
  files: ["src/server/**/*.ts"],
  ignores: ["src/server/**/*-repository.ts", ...SQL_ALLOWED],
  rules: {
    "no-restricted-syntax": [
      "error",
      { selector: `Literal[value=${STATEMENT}]`, message: MESSAGE },
      { selector: `TemplateElement[value.raw=${STATEMENT}]`, message: MESSAGE },
    ],
  },
};
