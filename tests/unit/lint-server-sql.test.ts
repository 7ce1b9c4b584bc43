import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

/**
 * SQL only in repositories (eslint.config.js, scripts/eslint-server-sql.js): the same snippet is refused in a route
 * or workflow file and accepted in a `*-repository.ts` file or the allow-list. Only that rule runs, and the snippets
 * are not files on disk, which type-aware parsing cannot open: the rule needs no types.
 */
const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({
  cwd: root,
  ruleFilter: ({ ruleId }) => ruleId === "no-restricted-syntax",
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

async function problemsOf(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

const REFUSED = /^no-restricted-syntax: SQL only in a \*-repository\.ts file/;

const QUERIES = {
  "a SELECT in a string": `export const list = (db) => db.query("SELECT id FROM staff_accounts WHERE id = $1", ["x"]);\n`,
  "an INSERT in a template": `export const add = (db, t) => db.query(\`INSERT INTO audit_log (target) VALUES ($1)\`, [t]);\n`,
  "an UPDATE across lines": `export const hide = (db, id) =>\n  db.query(\`UPDATE grievances\n     SET hidden_at = now() WHERE id = \${id}\`);\n`,
  "a DELETE after an interpolation": `const t = "staff_sessions";\nexport const end = (db) => db.query(\`WITH gone AS (\${t}) DELETE FROM \${t}\`);\n`,
};

describe("SQL on the server", () => {
  for (const [what, code] of Object.entries(QUERIES)) {
    it(`refuses ${what} in a route file and a workflow`, async () => {
      expect(await problemsOf(code, "src/server/admin/admin-routes.ts")).toEqual([expect.stringMatching(REFUSED)]);
      expect(await problemsOf(code, "src/server/staff/workflow.ts")).toEqual([expect.stringMatching(REFUSED)]);
    });

    it(`accepts ${what} in a repository`, async () => {
      expect(await problemsOf(code, "src/server/admin/staff-account-admin-repository.ts")).toEqual([]);
    });
  }

  it("accepts the allow-list: the database layer and the operator's commands", async () => {
    const code = QUERIES["a SELECT in a string"];
    expect(await problemsOf(code, "src/server/db/migrate.ts")).toEqual([]);
    expect(await problemsOf(code, "src/server/operations/backup/backup-database-facts.ts")).toEqual([]);
  });

  it("lets words that are no statement pass: a message, a lower-case 'select', a capital word alone", async () => {
    const code = `export const text = ["Select a category.", "select one", "Updated at", "INSERT a coin"];\n`;
    expect(await problemsOf(code, "src/server/categories/category-routes.ts")).toEqual([]);
  });

  it("leaves the browser and the tests alone", async () => {
    const code = QUERIES["a SELECT in a string"];
    expect(await problemsOf(code, "tests/api/example.test.ts")).toEqual([]);
  });
});
