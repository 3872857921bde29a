"""A small fake Discord on 127.0.0.1 for end-to-end tests of the real discord.py bot.

The real ``discord.ext.commands.Bot`` logs in over real sockets: REST under
``/api/v10`` and a gateway websocket (zlib-stream compressed, as discord.py
asks). Every JSON body the bot sends is validated against Discord's OpenAPI
spec (``tests/fakediscord/spec/openapi.json``, MIT, with its ``LICENSE`` and
``VERSION``; ``$PANDEMONIUM_OPENAPI`` overrides it) plus a
few limits the spec omits (2,000 characters of content, 6,000 across embeds).
Any broken rule becomes a :class:`Violation`; the ``fake_discord`` fixture
fails the test at teardown listing them.

Quick start (the ``fake_discord`` fixture from ``tests/conftest.py`` gives a
started fake and checks violations at teardown)::

    from tests.fakediscord import FakeDiscord, running_client

    async def test_new_game(fake_discord: FakeDiscord) -> None:
        bot = make_bot()                                  # a commands.Bot
        async with running_client(fake_discord, bot):     # login + on_ready, close after
            await bot.tree.sync()                         # PUT .../commands is stored
            alice = fake_discord.member("alice")
            handle = await fake_discord.slash(alice, "game new", game="hellboy")
            board = await handle.original()               # waits for the (deferred) reply
            assert "Lobby" in board.text()
            click = await fake_discord.click(fake_discord.member("bob"), board, label="Join")
            assert not await click.ephemeral()

World (ids are snowflakes)
    ``fake.guild`` with ``text_channel`` (#general), ``other_channel`` (#games) and
    ``thread`` (a public thread in #general); roles ``fake.gm_role`` ("GM") and
    "Moderator" (Manage Channels). Members: ``fake.member(name)`` for alice, bob,
    carol, dave (plain players), erin (Manage Channels), frank (GM role), olivia
    (the owner: every permission). ``fake.add_member(name, permissions=...,
    roles=[...])``, ``fake.add_role``, ``fake.add_channel(name, parent=None)`` add
    more, also after the bot connected. ``fake.bot_user``, ``fake.application_id``
    (equal, as for modern Discord apps), ``fake.bot_token``.
    Member permissions flow into interactions (``member.permissions``,
    ``app_permissions``) and into the guild the bot caches.

Acting as players (each returns an :class:`InteractionHandle`)
    ``await fake.slash(member, "game new", channel=..., **options)`` builds options
    from the commands the bot synced (sub-command groups, option types, choices,
    ranges; users/channels/roles as fake objects arrive with ``resolved`` data).
    ``member`` may be a name ("alice"); an option named ``channel`` or ``options``
    goes in ``options={...}``. Unknown commands raise :class:`CommandError`.
    ``fake.upload(filename, data)`` makes a ``FakeAttachment`` for an attachment
    option; the fake serves its bytes at the URL in ``resolved.attachments``.
    ``await fake.autocomplete(member, "game join", "table", table="ab")``.
    ``await fake.click(member, message, custom_id)`` or ``click(..., label="Join")``.
    ``await fake.select(member, message, custom_id, ["value"])``.
    ``await fake.submit_modal(member, custom_id, {field_id: value}, channel=...)``
    (``custom_id=None``: the modal last opened for that member) or
    ``await handle.submit_modal({...})``. Impossible actions (missing button,
    disabled button, unknown option, empty required field) raise AssertionError.
    ``await fake.post_message(member, "text", channel)`` for plain chat.

Following an interaction
    ``await handle.response()`` (callback body), ``await handle.original()`` (the
    reply message once it has content, or the component's message for
    UPDATE_MESSAGE / DEFERRED_UPDATE_MESSAGE), ``await handle.followups(count)``,
    ``await handle.ephemeral()``, ``await handle.settled()`` (the answer once
    complete: a deferred update edited, its message deleted or followed up, a
    "thinking…" reply completed), ``await handle.modal()``, ``handle.expire()``
    (token older than 15 minutes: webhook calls get 401 ``50027``).
    A DEFERRED_UPDATE_MESSAGE answered by an ephemeral follow-up (a click
    acknowledged at once, then refused) reads as that private reply:
    ``ephemeral()`` is true and ``original()`` is the follow-up.
    An interaction not answered within ``answer_timeout`` (3 s) is a violation,
    and so is an ephemeral follow-up that completes a public "thinking…" reply
    (Discord shows it to everyone).

Reading what the bot did
    ``fake.messages(channel)`` (non-ephemeral unless ``include_ephemeral=True``,
    oldest first, edits applied),
    ``fake.last_message(channel)``, ``fake.message(id)``, ``await
    fake.wait_for_message(channel, predicate, timeout=...)``, ``await
    fake.wait_until(predicate, timeout=..., message=...)``, ``await
    fake.wait_idle()``. A :class:`FakeMessage` has ``content``, ``embeds``,
    ``embed``, ``components``, ``custom_ids()``, ``find_component()``,
    ``text()``, ``flags``/``ephemeral``, ``attachments`` (``FakeAttachment`` with
    the uploaded ``data`` bytes), ``edit_count``.
    ``fake.requests`` holds every REST call (``RecordedRequest`` with ``route``
    such as ``"PATCH /channels/{channel_id}/messages/{message_id}"``);
    ``fake.requests_to(route)`` filters; ``fake.synced_commands()`` lists
    commands; ``fake.gateway.identify_payloads`` the IDENTIFYs.

Violations
    ``fake.violations`` (schema, discord-limit, query, unhandled-route,
    interaction-unanswered, protocol, harness-error). Invalid bodies are also
    answered with Discord's 400 ``50035`` (``reject_invalid=True``), as Discord
    would. ``fake.take_violations()`` returns and clears them for tests that
    provoke one on purpose; ``fake.assert_no_violations()``.

Starting discord.py against the fake
    ``running_client(fake, client)`` points discord.py here, logs in, waits for
    ``on_ready`` (shortening ``guild_ready_timeout``), and closes the client at
    the end; restarting is just another ``running_client`` with a new client on
    the same fake (messages, commands and interactions persist). To wire it by
    hand: ``with fake.point_discord_py_here(): ...`` sets
    ``discord.http.Route.BASE`` and ``DiscordWebSocket.DEFAULT_GATEWAY``.
    ``await fake.drop_connections()`` simulates a network blip (discord.py
    reconnects; RESUME is refused, so it identifies again);
    ``await fake.wait_for_sessions(n)`` waits for the n-th IDENTIFY. A client
    started with ``shard_id``/``shard_count`` gets the guild only if its shard
    owns it (``(guild_id >> 22) % shard_count``).

Not modelled (a call to these is an ``unhandled-route`` violation, which
says what to add): DMs, reactions, pins, thread creation, permission
overwrites, rate limits, more than one guild.
"""

from tests.fakediscord.client import running_client
from tests.fakediscord.commands import CommandError
from tests.fakediscord.interactions import InteractionHandle
from tests.fakediscord.messages import FakeAttachment, FakeMessage
from tests.fakediscord.records import RecordedRequest, Violation
from tests.fakediscord.server import FakeDiscord
from tests.fakediscord.world import FakeChannel, FakeMember, FakeRole, FakeUser

__all__ = [
    "CommandError",
    "FakeAttachment",
    "FakeChannel",
    "FakeDiscord",
    "FakeMember",
    "FakeMessage",
    "FakeRole",
    "FakeUser",
    "InteractionHandle",
    "RecordedRequest",
    "Violation",
    "running_client",
]
