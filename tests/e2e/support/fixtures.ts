import { test as base, expect, type APIRequestContext, type Page } from "@playwright/test";
import AxeBuilder from "@axe-core/playwright";
import sharp from "sharp";
import { startTileServer, type TileServer } from "../../support/tile-server.ts";
import { startPortal, type RunningPortal } from "./portal-process.ts";

interface WorkerFixtures {
  /** Map tiles on loopback (never the internet), one server per worker. */
  tiles: TileServer;
  /** One portal per worker, shared by its tests: they make their own data and never count all rows. */
  portal: RunningPortal;
}

export const test = base.extend<object, WorkerFixtures>({
  tiles: [
    // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies first.
    async ({}, use) => {
      const tiles = await startTileServer();
      await use(tiles);
      await tiles.close();
    },
    { scope: "worker" },
  ],
  portal: [
    async ({ tiles }, use) => {
      // Every spec of the worker seeds through this one portal from one address: the hourly submit limit (tested on a
      // portal of its own in report-form.spec.ts) would otherwise refuse the later specs' reports.
      const portal = await startPortal({ ...tileEnv(tiles), SUBMISSIONS_PER_HOUR: "10000" });
      await use(portal);
      await portal.stop();
    },
    { scope: "worker", timeout: 90_000 },
  ],
  baseURL: async ({ portal }, use) => use(portal.url),
});

export { expect };

/** The settings that point a portal's maps at the test tile server: pass them to every portal a test starts. */
export const tileEnv = (tiles: TileServer): Record<string, string> => ({ MAP_TILE_URL: tiles.urlTemplate });

/** A real PNG of the given size and colour, made on the fly. */
export function pngImage(width = 64, height = 48, color = "#1e88e5"): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

export interface SeedGrievance {
  title: string;
  description?: string;
  category?: string;
  priority?: string;
  location?: string;
  user_email?: string;
  user_phone?: string;
  /** A pin: both or neither. */
  latitude?: number;
  longitude?: number;
  images?: Buffer[];
}

/** Reports a grievance through the public API, as the form does. */
export async function seedGrievance(request: APIRequestContext, baseURL: string, input: SeedGrievance) {
  const multipart: Record<string, string | { name: string; mimeType: string; buffer: Buffer }> = {
    title: input.title,
    description: input.description ?? `Description of ${input.title}`,
    category: input.category ?? "Water Quality Issues",
    priority: input.priority ?? "medium",
  };
  for (const key of ["location", "user_email", "user_phone"] as const) {
    const value = input[key];
    if (value) multipart[key] = value;
  }
  for (const key of ["latitude", "longitude"] as const) {
    const value = input[key];
    if (value !== undefined) multipart[key] = String(value);
  }
  // Playwright's multipart takes one value per key, so images go through a FormData.
  const form = new FormData();
  for (const [key, value] of Object.entries(multipart)) form.append(key, value as string);
  (input.images ?? []).forEach((bytes, i) =>
    form.append("images", new Blob([new Uint8Array(bytes)], { type: "image/png" }), `photo-${i + 1}.png`),
  );
  const response = await request.post(`${baseURL}/api/grievances`, { multipart: form });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: string; title: string; reference: string; trackingUrl: string };
}

/** axe-core on the current page: no violations of any rule. */
export async function expectNoAxeViolations(page: Page) {
  // Buttons fade between their busy and idle colours (0.15 s): measured half-way, a colour fails color-contrast
  // although both ends pass. axe reads the page once its colour transitions have ended.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => !(animation instanceof CSSTransition) || animation.playState !== "running"),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`,
  );
  expect(summary).toEqual([]);
}

/** Nothing sticks out sideways on a narrow phone screen. */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

export function uniqueTitle(prefix: string): string {
  return `${prefix} ${Math.random().toString(36).slice(2, 8)}`;
}
