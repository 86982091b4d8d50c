# syntax=docker/dockerfile:1
# One image for every Facet node (docs/operations.md, "Deploying"):
#   docker build -t facet .
#   docker run --env-file deploy/facet.env -p 3000:3000 facet
# Not built in this repository's CI (no Docker engine there): kept correct by reading against the workspace
# layout; build it once before relying on it.

# ---- build: every dependency, then `npm run build` (the web app, and the server bundled to plain JavaScript)
FROM node:24-bookworm-slim AS build
WORKDIR /app
# The whole context before `npm ci`: its `prepare` script (scripts/build-analyze.mjs) bundles a source file.
# The workspace's dependency `node` (24.x) downloads its binary here, and npm scripts run it.
COPY . .
RUN --mount=type=cache,target=/root/.npm npm ci --no-audit --no-fund
RUN npm run build

# ---- runtime: production dependencies only, the two builds, the image's own Node 24
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production
WORKDIR /app
# `npm ci` needs the lock file, the root manifest and every workspace's manifest (the workspaces are linked
# into node_modules), and scripts/ for the root `prepare` script (it does nothing without esbuild) and for
# `npm run facet`. The packages' sources are not needed: our code is bundled into packages/server/dist.
COPY package.json package-lock.json .npmrc ./
COPY packages/domain/package.json packages/domain/
COPY packages/server/package.json packages/server/
COPY packages/web/package.json packages/web/
COPY packages/e2e/package.json packages/e2e/
COPY scripts ./scripts
# this also installs the project's pinned Node 24 (npm's `node` package), which `npm run …` would use;
# the commands below call the image's own Node 24 directly
RUN --mount=type=cache,target=/root/.npm npm ci --omit=dev --no-audit --no-fund
COPY --from=build /app/packages/server/dist packages/server/dist
COPY --from=build /app/packages/web/dist packages/web/dist
# DATA_DIR for a single node without PostgreSQL or a bucket (mount a volume there); unused otherwise
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000
# liveness only: /api/health/live answers while the process runs (readiness is the proxy's /api/health)
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--max-semi-space-size=16", "packages/server/dist/main.mjs"]
