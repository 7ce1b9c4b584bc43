import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/api/**/*.test.ts", "tests/faults/**/*.test.ts"],
    // Prepares the PostgreSQL database when TEST_DATABASE_URL is set (CI), and a migrated PGlite every test
    // database on PGlite starts from.
    globalSetup: ["tests/support/postgres-test-database.ts", "tests/support/pglite-template.ts"],
    // API tests open PGlite (WebAssembly) per file; two cores, so keep the pool small.
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
