/**
 * `npm run screenshots`: a picture of every screen of the portal, public pages and console, at a phone's size
 * (390×844) and a desktop's (1366×900), full page, in English and Arabic (docs/development.md, "Screenshots").
 *
 * Builds the web app, starts the real portal in a process of its own on a temporary embedded database with one
 * administrator (made by the staff CLI, as an operator makes the first one), writes realistic content through the
 * API (screenshots/seed.ts), and opens each screen (screenshots/screens.ts) in Chromium driven by Playwright. Writes
 * `<screen>-<size>-<lang>.png` and index.html, a gallery of them, into SCREENSHOTS_DIR (default screenshots/).
 *
 *   SCREENSHOT_LANGUAGES=en,ar,hi,es,fr   the languages (default en,ar), given to the browser as its own
 *   SCREENSHOTS_DIR=folder                where the pictures go (its old PNGs are removed first)
 *   CHROME_PATH=/usr/bin/chromium         the browser
 *   SCREENSHOTS_URL=http://host:port      an already running portal instead: nothing is built, started or
 *                                         written; the first listed report and incident are shown, the console
 *                                         only with SCREENSHOTS_STAFF_EMAIL and SCREENSHOTS_STAFF_PASSWORD, and the
 *                                         pages that need a seeded secret (tracking, set-password) are left out
 *
 * Maps ask the configured tile server (OpenStreetMap's by default) for their tiles: on a machine without the
 * internet the pictures show the maps as residents would see them then. Exits 1 when a screen could not be taken.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type BrowserContext } from "@playwright/test";
import { build } from "vite";
import { startServer } from "../bench/server-handle.ts";
import { fileName, galleryHtml, type Size } from "./screenshots/gallery.ts";
import { screensOf, settle, waitForHeading, type Screen } from "./screenshots/screens.ts";
import { MAP_CENTER, seed, type Seeded, type StaffLogin } from "./screenshots/seed.ts";

const root = path.resolve(import.meta.dirname, "..");
const LANGUAGES = ["en", "es", "fr", "hi", "ar"];
const SIZES: Size[] = [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1366, height: 900 },
];

const languages = (process.env.SCREENSHOT_LANGUAGES ?? "en,ar")
  .split(",")
  .map((lang) => lang.trim())
  .filter(Boolean);
const outDir = path.resolve(process.env.SCREENSHOTS_DIR ?? path.join(root, "screenshots"));
const chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const runningUrl = process.env.SCREENSHOTS_URL?.replace(/\/+$/, "");

const unknown = languages.filter((lang) => !LANGUAGES.includes(lang));
if (unknown.length > 0 || languages.length === 0) {
  console.error(`SCREENSHOT_LANGUAGES: ${unknown.join(", ") || "none"} unknown; the portal speaks ${LANGUAGES}.`);
  process.exit(1);
}
if (!fs.existsSync(chrome)) {
  console.error(`npm run screenshots: no Chromium at ${chrome} (apt-get install -y chromium, or set CHROME_PATH).`);
  process.exit(1);
}

/** The seeded portal's administrator; the portal and its data folder live only as long as the run. */
const ADMIN: StaffLogin = { email: "admin@utility.example", password: "screenshots of every screen" };

/** A temporary portal, built and seeded; `stop` ends it and removes its data. */
async function temporaryPortal(): Promise<{ url: string; seeded: Seeded; stop: () => Promise<void> }> {
  const temp = fs.mkdtempSync(path.join(os.tmpdir(), "portal-screenshots-"));
  const dataDir = path.join(temp, "data");
  try {
    console.log("Building the web app...");
    await build({ configFile: path.join(root, "vite.config.ts"), root: path.join(root, "src/web"), logLevel: "error" });
    // The embedded database allows one process at a time: the account is made before the portal opens the folder.
    const cli = spawnSync(process.execPath, [path.join(root, "scripts/staff.ts"), "add", ADMIN.email], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "warn" },
      input: `${ADMIN.password}\n`,
      encoding: "utf8",
    });
    if (cli.status !== 0) throw new Error(`The staff CLI failed:\n${cli.stdout}\n${cli.stderr}`);
    console.log("Starting the portal and writing its content...");
    const portal = await startServer({
      kind: "portal",
      env: {
        DATA_DIR: dataDir,
        SUBMISSIONS_PER_HOUR: "1000",
        MAP_DEFAULT_CENTER: MAP_CENTER,
        ...operatorSettings(temp),
      },
    });
    const stop = async () => {
      await portal.stop();
      fs.rmSync(temp, { recursive: true, force: true });
    };
    try {
      return { url: portal.url, seeded: await seed(portal.url, ADMIN), stop };
    } catch (error) {
      await stop();
      throw error;
    }
  } catch (error) {
    fs.rmSync(temp, { recursive: true, force: true });
    throw error;
  }
}

/**
 * The operator a utility would configure (docs/configuration.md): a name, its site, a logo and the emergency
 * number, so the pictures show the footer as residents see it. PORTAL_… settings of this shell win (a brand colour,
 * another logo).
 */
function operatorSettings(temp: string): Record<string, string> {
  const logo = path.join(temp, "operator-logo.svg");
  fs.writeFileSync(
    logo,
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 48 48"><rect width="48" height="48" rx="10" fill="#0b5d8c"/>' +
      '<path fill="#fff" d="M24 8c-1 0-1.6.6-2.2 1.4C18.3 14.5 13 21.6 13 28a11 11 0 0 0 22 0c0-6.4-5.3-13.5-8.8-18.6-.6-.8-1.2-1.4-2.2-1.4Z"/></svg>',
  );
  const fromShell = Object.entries(process.env).filter(
    (entry): entry is [string, string] => entry[0].startsWith("PORTAL_") && !!entry[1],
  );
  return {
    PORTAL_OPERATOR_NAME: "Riverside Water & Sanitation Board",
    PORTAL_OPERATOR_URL: "https://water.example.org/",
    PORTAL_LOGO: logo,
    PORTAL_EMERGENCY_PHONE: "0800 123 4567",
    ...Object.fromEntries(fromShell),
  };
}

/** What a running portal already shows: its newest report and incident. */
async function discover(base: string): Promise<Partial<Seeded>> {
  const get = async (apiPath: string) => {
    const response = await fetch(`${base}${apiPath}`);
    if (!response.ok) throw new Error(`${base}${apiPath} answered ${response.status}`);
    return response.json() as Promise<Record<string, { id: string }[]>>;
  };
  const reports = await get("/api/grievances");
  const incidents = await get("/api/incidents");
  return { reportId: reports.items?.[0]?.id, incidentId: (incidents.active ?? incidents.recent)?.[0]?.id };
}

async function contextFor(browser: Browser, base: string, size: Size, lang: string, staff?: StaffLogin) {
  const context = await browser.newContext({
    viewport: { width: size.width, height: size.height },
    deviceScaleFactor: 1,
    isMobile: size.name === "phone",
    hasTouch: size.name === "phone",
    // The portal takes the language from the browser's (Accept-Language and navigator.languages).
    locale: lang,
    timezoneId: "Africa/Nairobi",
    colorScheme: "light",
  });
  if (staff) {
    // Signed in as the console does it: the session cookie lands in this context's jar.
    const answer = await context.request.post(`${base}/api/staff/session`, { data: staff, headers: { Origin: base } });
    if (!answer.ok()) throw new Error(`Staff sign-in answered ${answer.status()}: ${await answer.text()}`);
  }
  return context;
}

/**
 * Opens the screen and takes its picture; answers a warning, or null. A page whose own files did not load (another
 * `vite build` replaced dist/web under the running portal, say) is opened again once, then reported.
 */
async function shoot(context: BrowserContext, base: string, screen: Screen, file: string): Promise<string | null> {
  const page = await context.newPage();
  const missing: string[] = [];
  page.on("response", (response) => {
    if (response.url().startsWith(`${base}/assets/`) && response.status() >= 400) missing.push(response.url());
  });
  try {
    for (let attempt = 1; ; attempt++) {
      missing.length = 0;
      await page.goto(`${base}${screen.path}`, { waitUntil: "load" });
      const headed = await waitForHeading(page);
      if (screen.act) await screen.act(page);
      const unloaded = await settle(page);
      if (missing.length > 0 && attempt === 1) continue;
      await page.screenshot({ path: file, fullPage: true, animations: "disabled", caret: "hide" });
      if (missing.length > 0) return `the portal's files ${missing.join(", ")} are missing (was dist/web rebuilt?)`;
      if (!headed) return "no main heading appeared (the picture shows what was there)";
      return unloaded > 0 ? `${unloaded} image(s) still loading when taken` : null;
    }
  } finally {
    await page.close();
  }
}

async function takeAll(base: string, screens: Screen[], staff?: StaffLogin): Promise<Set<string>> {
  const taken = new Set<string>();
  const failures: string[] = [];
  const browser = await chromium.launch({ executablePath: chrome });
  try {
    for (const lang of languages) {
      for (const size of SIZES) {
        const visitor = await contextFor(browser, base, size, lang);
        const console_ = staff ? await contextFor(browser, base, size, lang, staff) : undefined;
        for (const screen of screens) {
          const context = screen.console ? console_ : visitor;
          const file = fileName(screen.name, size.name, lang);
          if (!context) continue;
          try {
            const warning = await shoot(context, base, screen, path.join(outDir, file));
            taken.add(file);
            if (warning) failures.push(`${file}: ${warning}`);
            process.stdout.write(`${file}${warning ? ` (${warning})` : ""}\n`);
          } catch (error) {
            failures.push(`${file}: ${(error as Error).message.split("\n")[0]}`);
            console.error(`${file}: FAILED ${(error as Error).message}`);
          }
        }
        await visitor.close();
        await console_?.close();
      }
    }
  } finally {
    await browser.close();
  }
  if (failures.length > 0) {
    console.error(`\n${failures.length} screen(s) not as expected:\n${failures.join("\n")}`);
    process.exitCode = 1;
  }
  return taken;
}

fs.mkdirSync(outDir, { recursive: true });
for (const old of fs.readdirSync(outDir)) {
  if (old.endsWith(".png") || old === "index.html") fs.rmSync(path.join(outDir, old));
}

const envStaff =
  process.env.SCREENSHOTS_STAFF_EMAIL && process.env.SCREENSHOTS_STAFF_PASSWORD
    ? { email: process.env.SCREENSHOTS_STAFF_EMAIL, password: process.env.SCREENSHOTS_STAFF_PASSWORD }
    : undefined;
const portal = runningUrl
  ? { url: runningUrl, seeded: await discover(runningUrl), stop: async () => undefined }
  : await temporaryPortal();
try {
  const screens = screensOf(portal.seeded).filter((screen) => runningUrl === undefined || !screen.console || envStaff);
  const staff = runningUrl ? envStaff : ADMIN;
  const started = new Date();
  const taken = await takeAll(portal.url, screens, staff);
  fs.writeFileSync(path.join(outDir, "index.html"), galleryHtml(screens, SIZES, languages, taken, started));
  console.log(`\n${taken.size} screenshots in ${outDir} (open index.html); ${((Date.now() - +started) / 1000) | 0} s`);
} finally {
  await portal.stop();
}
