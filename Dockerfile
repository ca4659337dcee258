# SuperTable production image: non-root, fonts inside the package, SQLite in the /data volume.
#   docker build -t supertable .
#   docker run -d -e DISCORD_TOKEN=... -v supertable-data:/data --stop-timeout 30 supertable
# `docker stop` sends SIGTERM: the bot hands its tables over and closes cleanly (a few seconds);
# give it 30 s (`--stop-timeout 30`, compose's stop_grace_period) before Docker kills it.

FROM python:3.11-slim AS base
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIP_NO_CACHE_DIR=1

# Build stage: turn the source tree into a wheel (fonts, SQL migrations and card data ride along
# as package data), so the final image runs the installed package, never a source checkout.
FROM base AS build
WORKDIR /src
COPY . .
RUN pip wheel --no-deps --wheel-dir /wheels .

FROM base
# tini as process 1 passes SIGTERM on to the bot and reaps the render workers' processes.
RUN apt-get update \
 && apt-get install -y --no-install-recommends tini \
 && rm -rf /var/lib/apt/lists/*
RUN groupadd --system --gid 10001 supertable \
 && useradd --system --uid 10001 --gid supertable --home-dir /app --no-create-home supertable

# Dependencies first, read from pyproject.toml: this layer is rebuilt only when it changes.
COPY pyproject.toml /tmp/pyproject.toml
RUN python -c "import tomllib; print('\n'.join(tomllib.load(open('/tmp/pyproject.toml', 'rb'))['project']['dependencies']))" \
        > /tmp/requirements.txt \
 && pip install -r /tmp/requirements.txt \
 && rm /tmp/requirements.txt /tmp/pyproject.toml

COPY --from=build /wheels /tmp/wheels
RUN pip install /tmp/wheels/*.whl && rm -rf /tmp/wheels

# Create /data owned by the app user before declaring the volume, so a new named volume
# starts out writable by it.
RUN mkdir -p /data && chown supertable:supertable /data
VOLUME /data
ENV DATABASE_URL=sqlite:////data/supertable.db
# /metrics and /healthz (docs/operations.md) on port 9100 inside the container: publish it with
# `-p 127.0.0.1:9100:9100` for Prometheus; the health check below asks /healthz.
ENV METRICS_PORT=9100 \
    METRICS_HOST=0.0.0.0
EXPOSE 9100
HEALTHCHECK --interval=30s --timeout=5s --start-period=120s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:' + os.environ['METRICS_PORT'] + '/healthz', timeout=4)"]

WORKDIR /app
USER supertable
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["python", "-m", "bot"]
