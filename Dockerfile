# syntax=docker/dockerfile:1
# The portal as a container image (docs/operating.md, "Containers"). Build: docker build -t water-portal .
#
# Every npm command below is one CI runs too (.ci/run and the scripts `npm test` reaches), or CI's `npm ci` with
# --omit=dev; tests/unit/container-files.test.ts checks that, so a green CI run has exercised the image's build.

# We test on Node.js 24 (docs/decisions/009); the minor is pinned so that a rebuild does not change Node silently.
ARG NODE_VERSION=24.21

FROM node:${NODE_VERSION}-bookworm-slim AS base
WORKDIR /app

# Every dependency, development ones included: the web app's build needs them.
FROM base AS deps
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

# The web app (dist/web), exactly as `npm run build` makes it in CI before the end-to-end tests.
FROM deps AS build
COPY vite.config.ts tsconfig.json tsconfig.base.json tsconfig.web.json ./
COPY scripts ./scripts
COPY src/shared ./src/shared
COPY src/web ./src/web
RUN npm run build

# Only what the server needs at run time: no test runner, linter or build plug-ins in the image.
FROM base AS prod-deps
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund

FROM base AS runtime
# HOST: the container's own interfaces, not only its loopback. MALLOC_ARENA_MAX: what `npm start` sets (docs/operating.md,
# "Memory"); the image starts scripts/start.mjs itself.
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/var/lib/portal \
    MALLOC_ARENA_MAX=2
# The one folder the portal writes: the embedded database when DATABASE_URL is unset, images with folder storage,
# and .eml files when SMTP_URL is unset. A volume there keeps them when the container is replaced.
RUN mkdir -p /var/lib/portal && chown node:node /var/lib/portal
VOLUME /var/lib/portal
COPY --from=prod-deps /app/node_modules ./node_modules
# scripts/: start.mjs, and the operator's commands (npm run staff, migrate, backup, restore) inside the container.
COPY package.json ./
COPY scripts ./scripts
COPY migrations ./migrations
COPY src/shared ./src/shared
COPY src/server ./src/server
# Last, after src/shared: start.mjs rebuilds the web app when a source is newer than dist/web/index.html. The web
# sources (src/web, vite.config.ts, package-lock.json) are not in this stage at all, and src/shared comes first, so
# the built app is never older than what start.mjs compares it with and the image never tries to build.
COPY --from=build /app/dist/web ./dist/web
# Files belong to root and are read-only for the portal; only DATA_DIR is its own.
USER node
EXPOSE 3000
# Readiness (database answers, image storage writable), as a load balancer asks. No curl in the slim image: Node's fetch.
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The portal stops gracefully on SIGTERM within 9.5 s (docs/operating.md, "Signals and shutdown"); give it 10 s or
# more (docker stop -t 15, compose stop_grace_period). Node runs as PID 1 without an init: the kernel ignores signals
# PID 1 has no handler for, but the portal installs its own for SIGTERM and SIGINT, and it starts no child processes
# that would need reaping (start.mjs spawns a build only when the web app is stale, which it never is here).
STOPSIGNAL SIGTERM
# Exec form, so that node itself is PID 1 and receives the signal (no shell in between); the same command npm start
# runs and the end-to-end and fault tests start (--max-semi-space-size: docs/operating.md, "Memory").
CMD ["node", "--max-semi-space-size=4", "scripts/start.mjs"]
