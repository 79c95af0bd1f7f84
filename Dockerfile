# syntax=docker/dockerfile:1
# Grasp: one image serving the API and the built web app. See README "Running several instances".

FROM node:24-bookworm-slim AS toolchain
# argon2 and better-sqlite3 compile from source when no prebuilt binary fits.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/* \
 && npm install -g npm@11 --no-audit --no-fund
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY bench/package.json bench/

FROM toolchain AS build
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM toolchain AS runtime-deps
# The lockfile nests some of the server's packages (altcha-lib) in apps/server/node_modules.
RUN npm ci --omit=dev --no-audit --no-fund --workspace @grasp/server --include-workspace-root=false \
 && mkdir -p apps/server/node_modules
# The lockfile keeps better-sqlite3 12 for Node 20; on Node 24.19 and later it aborts when a
# statement is garbage-collected. 13 (Node-API, prebuilt, same API) does not. CI runs the tests
# on Node 24 with this same version (.ci/vitest-node24: keep the two in step).
RUN npm install --prefix /tmp/sqlite --no-save --no-audit --no-fund better-sqlite3@13.2.0 \
 && rm -rf node_modules/better-sqlite3 \
 && mv /tmp/sqlite/node_modules/better-sqlite3 node_modules/better-sqlite3 \
 && rm -rf /tmp/sqlite

FROM node:24-bookworm-slim
# Every interface: with the default sandbox checkout the server then starts only with
# SANDBOX_PAYMENTS=allow or real payment settings (DESIGN.md §16).
ENV NODE_ENV=production PORT=3000 HOST=0.0.0.0 DATA_DIR=/data
# argon2 hashes in 19 MiB; without this glibc keeps each freed buffer in its heap (~40 MB RSS)
ENV MALLOC_MMAP_THRESHOLD_=131072
# V8 grows the young generation to 2 × 16 MiB by default; requests' garbage dies young in far less.
# With the default heap limit (a share of the machine's memory) V8 lets old space grow to 4× the
# live heap between full collections; under 512 MiB it stays under 1.4× (the live heap is ~35 MB).
ENV NODE_OPTIONS="--max-semi-space-size=8 --max-old-space-size=512"
WORKDIR /app
COPY --from=runtime-deps /app/node_modules ./node_modules
COPY --from=runtime-deps /app/apps/server/node_modules ./apps/server/node_modules
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/web/dist ./apps/web/dist
COPY --from=build /app/package.json ./
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s \
  CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# V8's helper threads (parallel scavenges, concurrent marking) fight the request thread for the
# cores of a small machine: on two cores, without them a cached explanation took 2–8% less CPU and
# was answered 1–8% more often a second (three runs of bench/explain-load.ts with
# PREVIOUS_NODE_ARGS='', the same build beside). Node takes this flag on its command line only.
CMD ["node", "--single-threaded-gc", "apps/server/dist/main.js"]
