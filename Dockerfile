# Multi-stage: dependencies are installed in a builder, the runtime image has
# no compilers and runs as an unprivileged user with the database on a volume.
FROM python:3.12-slim AS builder
WORKDIR /app
COPY requirements.lock pyproject.toml ./
RUN python -m venv /venv \
 && /venv/bin/pip install --no-cache-dir --disable-pip-version-check -r requirements.lock

FROM python:3.12-slim
RUN useradd --create-home --uid 10001 pandemonium \
 && mkdir /data && chown pandemonium /data
COPY --from=builder /venv /venv
WORKDIR /app
COPY bot ./bot
COPY cogs ./cogs
COPY engines ./engines
ENV PATH="/venv/bin:$PATH" \
    PYTHONUNBUFFERED=1 \
    PANDEMONIUM_DATABASE=/data/pandemonium.sqlite
USER pandemonium
VOLUME ["/data"]
# docker stop's signal, said outright: the bot handles SIGTERM as a clean stop
# (it releases its shard lease, so the next container serves at once) and
# installs the handler itself, so it stops properly as pid 1.
STOPSIGNAL SIGTERM
ENTRYPOINT ["python", "-m", "bot"]
