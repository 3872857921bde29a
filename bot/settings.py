"""Settings from the environment and an optional `.env` file.

The names are a contract with other tools (see DESIGN.md): DISCORD_TOKEN,
PANDEMONIUM_DATABASE, DISCORD_API_BASE, DISCORD_GATEWAY_URL. The token is a
SecretStr so it never appears in a repr or a log line.
"""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from bot.databases import Database, parse_database

DEFAULT_API_BASE = "https://discord.com/api/v10"
DEFAULT_GATEWAY = "wss://gateway.discord.gg/"


def _env(name: str) -> AliasChoices:
    return AliasChoices(name, name.lower())


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", populate_by_name=True
    )

    discord_token: SecretStr | None = Field(default=None, validation_alias=_env("DISCORD_TOKEN"))
    database: str = Field(
        default="data/pandemonium.sqlite",
        validation_alias=_env("PANDEMONIUM_DATABASE"),
        description="a SQLite file path, sqlite:///path, or postgresql://user@host/db",
    )
    db_pool_size: int = Field(
        default=10, ge=1, le=1000, validation_alias=_env("PANDEMONIUM_DB_POOL_SIZE")
    )
    lease_seconds: float = Field(
        default=10.0,
        gt=0,
        validation_alias=_env("PANDEMONIUM_LEASE_SECONDS"),
        description="how long a process's claim on its shards lasts without renewal: the"
        " longest a crashed process on another machine keeps its servers waiting",
    )
    discord_api_base: str = Field(
        default=DEFAULT_API_BASE, validation_alias=_env("DISCORD_API_BASE")
    )
    discord_gateway_url: str = Field(
        default=DEFAULT_GATEWAY, validation_alias=_env("DISCORD_GATEWAY_URL")
    )
    dev_guild_id: int | None = Field(
        default=None,
        validation_alias=_env("PANDEMONIUM_DEV_GUILD"),
        description="sync commands to this guild only (instant) instead of globally",
    )
    log_level: str = Field(default="INFO", validation_alias=_env("PANDEMONIUM_LOG_LEVEL"))
    shard_ids: str | None = Field(
        default=None,
        pattern=r"^\s*\d+\s*(,\s*\d+\s*)*$",
        validation_alias=_env("PANDEMONIUM_SHARD_IDS"),
        description="the shards this process runs, e.g. '0,1' (its own file on SQLite)",
    )
    shard_count: int | None = Field(default=None, validation_alias=_env("PANDEMONIUM_SHARD_COUNT"))
    dice_pack: Path | None = Field(default=None, validation_alias=_env("PANDEMONIUM_DICE_PACK"))
    seed: int | None = Field(
        default=None,
        validation_alias=_env("PANDEMONIUM_SEED"),
        description="fixes every new game's RNG seed (tests and demos only)",
    )
    sync_commands: bool = Field(default=True, validation_alias=_env("PANDEMONIUM_SYNC_COMMANDS"))
    table_cache_mib: float = Field(
        default=256,
        gt=0,
        validation_alias=_env("PANDEMONIUM_TABLE_CACHE_MIB"),
        description="memory for live tables, estimated (a busy table takes 85–175 KiB);"
        " past it the least recently used is read back from storage on its next click",
    )
    map_layers: int = Field(
        default=64,
        ge=1,
        validation_alias=_env("PANDEMONIUM_MAP_LAYERS"),
        description="drawn maps kept for games that draw their board (~4.3 MiB each:"
        " in colour and on the palette);"
        " a table whose layer was dropped pays a full first render again",
    )
    group_commit: bool = Field(
        default=True,
        validation_alias=_env("PANDEMONIUM_GROUP_COMMIT"),
        description="SQLite: concurrent changes from different channels share one"
        " transaction and one fsync; each is answered once its batch is durable"
        " (0 commits every change alone)",
    )
    http_connections: int = Field(
        default=100,
        ge=0,
        le=1000,
        validation_alias=_env("PANDEMONIUM_HTTP_CONNECTIONS"),
        description="idle keep-alive connections to Discord's API kept open, so a burst of"
        " acknowledgements finds them ready instead of opening each (0: none kept)",
    )
    log_retention: Literal["keep", "archive", "delete"] = Field(
        default="keep",
        validation_alias=_env("PANDEMONIUM_LOG_RETENTION"),
        description="finished games' logs after PANDEMONIUM_LOG_RETENTION_DAYS: keep them,"
        " archive them (compressed, still downloadable), or delete them (the result"
        " stays); never a live game's",
    )
    log_retention_days: float = Field(
        default=90.0,
        ge=0,
        validation_alias=_env("PANDEMONIUM_LOG_RETENTION_DAYS"),
        description="days after a game ends before its log is archived or deleted",
    )
    maintenance_minutes: float = Field(
        default=60.0,
        gt=0,
        validation_alias=_env("PANDEMONIUM_MAINTENANCE_MINUTES"),
        description="how often retention runs and the database is checkpointed/vacuumed",
    )
    verify_storage: bool = Field(
        default=False,
        validation_alias=_env("PANDEMONIUM_VERIFY_STORAGE"),
        description="after every change, reload the game from storage and its log and"
        " check they match the table, and check every public message names no card a seat"
        " holds unseen (tests and debugging; costs a replay per step)",
    )

    web_port: int | None = Field(
        default=8080,
        ge=0,
        le=65535,
        validation_alias=_env("PANDEMONIUM_WEB_PORT"),
        description="the web pages' port (0: any free port, for tests); 'off' disables them",
    )
    web_host: str = Field(default="127.0.0.1", validation_alias=_env("PANDEMONIUM_WEB_HOST"))
    web_url: str | None = Field(
        default=None,
        validation_alias=_env("PANDEMONIUM_WEB_URL"),
        description="the public base of links (behind a reverse proxy); default"
        " http://<host>:<port>",
    )

    @field_validator("web_port", mode="before")
    @classmethod
    def _port_or_off(cls, value: object) -> object:
        if isinstance(value, str) and value.strip().lower() == "off":
            return None
        return value

    @model_validator(mode="after")
    def _shards_fit(self) -> Settings:
        ids = self.shards()
        if ids and self.shard_count is None:
            raise ValueError("PANDEMONIUM_SHARD_IDS needs PANDEMONIUM_SHARD_COUNT")
        if ids and self.shard_count is not None and max(ids) >= self.shard_count:
            raise ValueError("every shard id must be below PANDEMONIUM_SHARD_COUNT")
        return self

    def shards(self) -> list[int]:
        """The shard ids this process runs, sorted (empty: Discord's default, one shard)."""
        if not self.shard_ids:
            return []
        return sorted({int(part) for part in self.shard_ids.split(",")})

    @field_validator("database", mode="before")
    @classmethod
    def _known_database(cls, value: object) -> str:
        text = str(value) if isinstance(value, Path) else value
        if not isinstance(text, str):
            raise ValueError("must be a file path or a URL")
        parse_database(text)
        return text

    @field_validator("log_level")
    @classmethod
    def _known_level(cls, value: str) -> str:
        upper = value.upper()
        if upper not in {"DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"}:
            raise ValueError("must be one of DEBUG, INFO, WARNING, ERROR, CRITICAL")
        return upper

    def database_target(self) -> Database:
        """The database this process opens: SQLite gets one file per shard partition,
        so processes share nothing; PostgreSQL is shared by every process."""
        return parse_database(self.database).for_shards(self.shards())
