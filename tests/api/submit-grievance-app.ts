import fs from "node:fs/promises";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { createTestApp, type TestApp } from "./test-app.ts";

/** What the submit-grievance-*.test.ts files share: one app per file, emptied before each test. */

/** The file's app: set by useEmptiedApp()'s beforeAll (an ES module binding, so importers see it once set). */
export let t: TestApp;

/** Starts the file's app, empties its reports and stored files before each test, and closes it at the end. */
export function useEmptiedApp() {
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await t.db.query("DELETE FROM grievances");
    await fs.rm(t.storageDir, { recursive: true, force: true });
  });
}

export const required = {
  title: "Leaking pipe",
  description: "Water runs down the street.",
  category: "Leakage Issues",
};
