import os from "node:os";
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/api/**/*.test.ts", "tests/faults/**/*.test.ts"],
    // Prepares the PostgreSQL database when TEST_DATABASE_URL is set (CI), and a migrated PGlite every test
    // database on PGlite starts from.
    globalSetup: ["tests/support/postgres-test-database.ts", "tests/support/pglite-template.ts"],
    // API tests open PGlite (WebAssembly) per file: one worker a core (two here and in CI), never fewer than two.
    pool: "forks",
    maxWorkers: Math.max(2, os.availableParallelism()),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
