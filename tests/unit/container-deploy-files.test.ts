import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { loadConfig } from "#server/config.ts";
import { MAX_UPLOAD_BYTES } from "#server/grievances/upload-limits.ts";
import { execForm, instructionsOf, root } from "../support/dockerfile.ts";
import {
  run,
  read,
  runtimeInstructions,
  imageEnv,
  findTool,
  type ComposeFile,
  parseEnvFile,
  configVariables,
} from "./container-files-support.ts";

// The VM examples under deploy/: Caddy, nginx and systemd (container-files-support.ts says how they are checked).

const temporary: string[] = [];
afterAll(() => {
  for (const dir of temporary) fs.rmSync(dir, { recursive: true, force: true });
});
function temporaryDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "container-files-"));
  temporary.push(dir);
  return dir;
}

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
