# syntax=docker/dockerfile:1
# txc in a container. The image is the release bundle that CI builds and starts
# (`npm run release -- --check`): compiled code, production dependencies, the native SQLite module.
# It runs as the unprivileged user `node`, keeps its data dir in the volume /data, and serves on
# 0.0.0.0:8080. The admin API and /metrics answer clients inside the container only, unless
# --admin-public is added (docs/operations.md).

FROM node:20-bookworm AS build
WORKDIR /src
COPY . .
# npm ci builds the packages (prepare) and better-sqlite3; the release script copies what runs
RUN npm ci --no-audit --no-fund \
 && npm run release -- --out /release --check \
 && mv /release/txc-*-linux-*/ /opt/txc

FROM node:20-bookworm-slim
ENV NODE_ENV=production \
    TXC_DATA_DIR=/data
COPY --from=build /opt/txc /opt/txc
RUN printf '#!/bin/sh\nexec node /opt/txc/txc.mjs "$@"\n' > /usr/local/bin/txc \
 && chmod 755 /usr/local/bin/txc \
 && mkdir -p /data \
 && chown node:node /data \
 && chmod 700 /data
USER node
WORKDIR /data
VOLUME ["/data"]
EXPOSE 8080
# Liveness, not readiness (/health): an orchestrator replaces an unhealthy container, and a server
# waiting for its store, or a cluster's process for NATS, recovers by itself once it is back.
HEALTHCHECK --interval=15s --timeout=5s --start-period=120s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:'+(process.env.TXC_PORT||8080)+'/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
ENTRYPOINT ["txc"]
CMD ["serve", "--host", "0.0.0.0"]
