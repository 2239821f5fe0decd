# The menu service as a container: build stage compiles TypeScript and native modules, the runtime
# stage keeps only production dependencies and dist/, runs as the unprivileged `node` user, and
# reports its health through /healthz. See docs/scaling.md ("Deployment").
FROM node:22-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 builds from source when no prebuilt binary fits.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund --ignore-scripts && npm rebuild better-sqlite3 sharp
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY src ./src
COPY bin ./bin
RUN node scripts/build.js && npm prune --omit=dev

FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    LOG_FORMAT=json \
    DATABASE_URL=sqlite:/data/menu.db
WORKDIR /app
COPY --from=build --chown=node:node /app/package.json ./
COPY --from=build --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --from=build --chown=node:node /app/bin ./bin
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=20s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# Migrates on start (several instances at once are safe: Kysely takes a migration lock) and seeds the
# demo restaurant into an empty database; drop --seed-demo in production. The JS heap is capped at
# 192 MB (the cache's documents live outside it; docs/scaling.md, "One instance, many restaurants"), as `npm start` does,
# and glibc gives every block of 16 kB or more its own mapping, so a freed document's memory goes back to the
# system instead of staying in malloc's heap between live ones (docs/scaling.md, "One instance, many restaurants").
ENV MALLOC_MMAP_THRESHOLD_=16384
CMD ["node", "--max-old-space-size=192", "--expose-gc", "bin/menu.js", "serve", "--migrate", "--seed-demo"]
