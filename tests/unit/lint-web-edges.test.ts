import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The edges the lint holds (eslint.config.js, docs/project-structure.md), run through ESLint's own API with the
 * repository's configuration: a feature imports no other feature and not app/ (by alias or by a relative path), lib/
 * imports no feature, and no two modules of src/ import each other. Only these rules run, so each snippet is judged
 * on its imports alone.
 */
const root = path.resolve(import.meta.dirname, "../..");
const EDGE_RULES = new Set(["web-edges/layers", "import-x/no-cycle"]);
// The snippets are not files on disk, which the type-aware parsing cannot open: the rules here need no types.
const eslint = new ESLint({
  cwd: root,
  ruleFilter: ({ ruleId }) => EDGE_RULES.has(ruleId),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
});

async function problemsOf(code: string, file: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((message) => `${message.ruleId}: ${message.message}`);
}

describe("imports between the browser's layers", () => {
  it("refuse a feature importing another feature, by alias", async () => {
    const problems = await problemsOf(
      'import { IncidentLink } from "#web/features/incidents/components/incident-link.tsx";\nexport { IncidentLink };\n',
      "src/web/features/grievances/components/example.tsx",
    );
    expect(problems).toEqual([
      expect.stringMatching(/^web-edges\/layers: features\/grievances may not import features\/incidents/),
    ]);
  });

  it("refuse a feature importing another feature by a relative path, a re-export or import()", async () => {
    const file = "src/web/features/tracking/components/example.tsx";
    expect(
      await problemsOf('export { FollowForm } from "../../notifications/components/follow-form.tsx";\n', file),
    ).toEqual([expect.stringMatching(/features\/tracking may not import features\/notifications/)]);
    expect(
      await problemsOf('export const load = () => import("../../places/components/affected-button.tsx");\n', file),
    ).toEqual([expect.stringMatching(/features\/tracking may not import features\/places/)]);
    expect(
      await problemsOf(
        'import type { ReportFormParts } from "#web/features/grievances/components/report-form.tsx";\nexport type P = ReportFormParts;\n',
        file,
      ),
    ).toEqual([expect.stringMatching(/features\/tracking may not import features\/grievances/)]);
  });

  it("refuse a feature importing app/", async () => {
    const problems = await problemsOf(
      'import { paths } from "#web/app/paths.ts";\nexport const home = paths.home;\n',
      "src/web/features/grievances/routes/example.tsx",
    );
    expect(problems).toEqual([expect.stringMatching(/^web-edges\/layers: A feature never imports app\//)]);
  });

  it("refuse lib/ importing a feature or app/", async () => {
    const file = "src/web/lib/example.ts";
    expect(
      await problemsOf('export { follow } from "#web/features/notifications/api/follow-action.ts";\n', file),
    ).toEqual([expect.stringMatching(/^web-edges\/layers: lib\/ imports neither features nor app\//)]);
    expect(await problemsOf('export { routePatterns } from "../app/paths.ts";\n', file)).toEqual([
      expect.stringMatching(/^web-edges\/layers: lib\/ imports neither features nor app\//),
    ]);
  });

  it("let a feature import its own files, lib/ and shared/, and app/ import the features", async () => {
    expect(
      await problemsOf(
        [
          'import { GrievanceSummary } from "#web/lib/grievance-view/grievance-summary.tsx";',
          'import { statusLabel } from "#shared/format.ts";',
          'import { ProgressTimeline } from "./progress-timeline.tsx";',
          'import { getGrievance } from "../api/grievances.ts";',
          "export { GrievanceSummary, statusLabel, ProgressTimeline, getGrievance };",
        ].join("\n"),
        "src/web/features/grievances/components/example.tsx",
      ),
    ).toEqual([]);
    expect(
      await problemsOf(
        'import { FollowForm } from "#web/features/notifications/components/follow-form.tsx";\nexport { FollowForm };\n',
        "src/web/app/pages/example.tsx",
      ),
    ).toEqual([]);
  });
});

describe("import cycles", () => {
  // Two real files: the cycle rule reads the module that the linted one imports from the disk.
  const folder = path.join(root, "src/web/lib", `lint-cycle-${process.pid}`);
  const first = path.join(folder, "first.ts");
  const second = path.join(folder, "second.ts");
  // `npm start` rebuilds the web app when a folder of its sources changed (scripts/web-build.mjs): the folder these
  // files go in is given its time back when they are gone, or every portal started after this test would rebuild.
  const parent = path.dirname(folder);
  const { atime, mtime } = fs.statSync(parent);
  beforeAll(() => {
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(first, 'import { second } from "./second.ts";\nexport const first = () => second;\n');
    fs.writeFileSync(
      second,
      `import { first } from "#web/lib/lint-cycle-${process.pid}/first.ts";\nexport const second = () => first;\n`,
    );
  });
  afterAll(() => {
    fs.rmSync(folder, { recursive: true, force: true });
    fs.utimesSync(parent, atime, mtime);
  });

  it("are refused, through a relative path and an alias alike", async () => {
    const results = await eslint.lintFiles([first, second]);
    const problems = results.flatMap((file) => file.messages.map((m) => `${path.basename(file.filePath)} ${m.ruleId}`));
    expect(problems.sort()).toEqual(["first.ts import-x/no-cycle", "second.ts import-x/no-cycle"]);
  });

  it("are not there when the import goes one way only", async () => {
    fs.writeFileSync(second, "export const second = () => 2;\n");
    const results = await eslint.lintFiles([first, second]);
    expect(results.flatMap((file) => file.messages)).toEqual([]);
  });
});
