"""The read-only web pages: a game's live spectator page and its replay, behind
signed links (`links.py`), served by aiohttp inside the bot (`server.py`)."""
