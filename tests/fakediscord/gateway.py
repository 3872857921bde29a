"""The gateway websocket: HELLO, IDENTIFY → READY + GUILD_CREATE, heartbeats, dispatches.

Only what discord.py's client needs is implemented. RESUME is answered with
INVALID_SESSION, which makes discord.py identify afresh; that is a legal
Discord answer and keeps the fake free of event replay. Frames are compressed
with zlib-stream when the client asks for it (discord.py does by default),
using one compressor per connection and Z_SYNC_FLUSH per message, like Discord.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import zlib
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType, web

from tests.fakediscord.replies import Reply, to_response
from tests.fakediscord.world import JSON

if TYPE_CHECKING:
    from tests.fakediscord.server import FakeDiscord

DISPATCH = 0
HEARTBEAT = 1
IDENTIFY = 2
PRESENCE_UPDATE = 3
VOICE_STATE_UPDATE = 4
RESUME = 6
RECONNECT = 7
REQUEST_GUILD_MEMBERS = 8
INVALID_SESSION = 9
HELLO = 10
HEARTBEAT_ACK = 11

HEARTBEAT_INTERVAL_MS = 41_250
CLOSE_AUTHENTICATION_FAILED = 4004
CLOSE_GOING_AWAY = 1001


class GatewaySession:
    """One websocket connection from a client."""

    def __init__(self, ws: web.WebSocketResponse, *, compress: bool) -> None:
        self.ws = ws
        self.session_id = secrets.token_hex(16)
        self.sequence = 0
        self.identified = False
        self.identify_payload: JSON | None = None
        self.shard: tuple[int, int] | None = None
        self._compressor = zlib.compressobj() if compress else None
        self._lock = asyncio.Lock()

    async def send(self, op: int, data: Any, event: str | None = None) -> None:
        """Send one frame; the lock keeps sequence numbers and the zlib stream in order."""
        async with self._lock:
            if self.ws.closed:
                return
            frame: JSON = {"op": op, "d": data, "s": None, "t": None}
            if op == DISPATCH:
                self.sequence += 1
                frame["s"] = self.sequence
                frame["t"] = event
            text = json.dumps(frame)
            try:
                if self._compressor is None:
                    await self.ws.send_str(text)
                else:
                    chunk = self._compressor.compress(text.encode("utf-8"))
                    chunk += self._compressor.flush(zlib.Z_SYNC_FLUSH)
                    await self.ws.send_bytes(chunk)
            except ConnectionResetError:
                return

    async def dispatch(self, event: str, data: Any) -> None:
        await self.send(DISPATCH, data, event)

    def serves(self, guild_id: int) -> bool:
        """Whether this session's shard owns the guild: ``(guild_id >> 22) % count == shard``."""
        if self.shard is None:
            return True
        shard_id, shard_count = self.shard
        return (guild_id >> 22) % shard_count == shard_id


class GatewayHub:
    """All client connections; dispatches go to identified sessions."""

    def __init__(self, fake: FakeDiscord) -> None:
        self._fake = fake
        self.sessions: list[GatewaySession] = []
        self.identify_payloads: list[JSON] = []

    def latest_for(self, guild_id: int) -> GatewaySession | None:
        """The newest identified open session serving the guild: the one interactions go to."""
        live = [s for s in self.sessions if s.identified and not s.ws.closed and s.serves(guild_id)]
        return live[-1] if live else None

    async def handle(self, request: web.Request) -> web.StreamResponse:
        ws = web.WebSocketResponse(autoping=True)
        if not ws.can_prepare(request).ok:
            return to_response(
                Reply(400, {"code": 0, "message": "the gateway expects a websocket"})
            )
        await ws.prepare(request)
        session = GatewaySession(ws, compress=request.query.get("compress") == "zlib-stream")
        self.sessions.append(session)
        try:
            await session.send(HELLO, {"heartbeat_interval": HEARTBEAT_INTERVAL_MS})
            async for msg in ws:
                if msg.type in (WSMsgType.TEXT, WSMsgType.BINARY):
                    await self._on_frame(session, json.loads(msg.data))
        finally:
            if session in self.sessions:
                self.sessions.remove(session)
            self._fake.pulse.notify()
        return ws

    async def _on_frame(self, session: GatewaySession, frame: JSON) -> None:
        op = frame.get("op")
        data = frame.get("d")
        if op == HEARTBEAT:
            await session.send(HEARTBEAT_ACK, None)
        elif op == IDENTIFY:
            await self._identify(session, data or {})
        elif op == RESUME:
            await session.send(INVALID_SESSION, False)
        elif op == REQUEST_GUILD_MEMBERS:
            await self._members_chunk(session, data or {})

    async def _identify(self, session: GatewaySession, data: JSON) -> None:
        if data.get("token") != self._fake.bot_token:
            await session.ws.close(
                code=CLOSE_AUTHENTICATION_FAILED, message=b"Authentication failed."
            )
            return
        recorded = {k: v for k, v in data.items() if k != "token"}
        session.identify_payload = recorded
        self.identify_payloads.append(recorded)
        shard = data.get("shard")
        if isinstance(shard, list) and len(shard) == 2:
            session.shard = (int(shard[0]), int(shard[1]))
        guild = self._fake.guild
        served = session.serves(guild.id)
        ready: JSON = {
            "v": 10,
            "user": {**self._fake.bot_user.to_payload(), "verified": True, "mfa_enabled": False},
            "guilds": [{"id": str(guild.id), "unavailable": True}] if served else [],
            "session_id": session.session_id,
            "resume_gateway_url": self._fake.gateway_url,
            "application": {"id": str(self._fake.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
        }
        if session.shard is not None:
            ready["shard"] = list(session.shard)
        await session.dispatch("READY", ready)
        if served:
            await session.dispatch("GUILD_CREATE", guild.guild_create_payload())
        session.identified = True
        self._fake.pulse.notify()

    async def _members_chunk(self, session: GatewaySession, data: JSON) -> None:
        guild = self._fake.guild
        wanted_ids = {str(u) for u in data.get("user_ids") or []}
        query = str(data.get("query") or "").lower()
        members = [
            m.to_payload()
            for m in guild.members.values()
            if (not wanted_ids or str(m.id) in wanted_ids) and m.name.lower().startswith(query)
        ]
        limit = int(data.get("limit") or 0)
        if limit:
            members = members[:limit]
        chunk: JSON = {
            "guild_id": str(guild.id),
            "members": members,
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce") is not None:
            chunk["nonce"] = data["nonce"]
        await session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    async def dispatch_all(self, event: str, data: JSON) -> None:
        """Send a guild event to every identified session whose shard owns the guild."""
        for session in list(self.sessions):
            if session.identified and session.serves(self._fake.guild.id):
                await session.dispatch(event, data)

    async def close_all(self, code: int = CLOSE_GOING_AWAY) -> None:
        for session in list(self.sessions):
            await session.ws.close(code=code)
