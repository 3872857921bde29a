"""The pages' HTML: one board fragment (used by the live page, its updates and every
replay step, so a board reads the same everywhere), the two page shells and the small
error pages. Everything a game says is escaped; scripts and styles are files the
bot serves (`static/`), so the Content-Security-Policy can be `default-src 'self'`."""

from __future__ import annotations

import html
import re

from bot.web.views import Board, Part

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![\w*])[*_](?![\s*_])(.+?)(?<![\s*_])[*_](?![\w*])")
_CODE = re.compile(r"`([^`]+)`")
_SUBTEXT = "-# "


def _line(line: str) -> str:
    small = line.startswith(_SUBTEXT)
    escaped = html.escape(line.removeprefix(_SUBTEXT), quote=True)
    marked = _ITALIC.sub(r"<em>\1</em>", _BOLD.sub(r"<strong>\1</strong>", escaped))
    marked = _CODE.sub(r"<code>\1</code>", marked)
    return f"<small>{marked}</small>" if small else marked


def text(value: str) -> str:
    """Discord's text as HTML: escaped, with its bold, italic, code and subtext
    (`-# `) marks shown as Discord shows them."""
    return "\n".join(_line(line) for line in value.split("\n"))


def plain(value: str) -> str:
    """Discord's text without its marks, for a status line read as plain text."""
    return re.sub(r"\*\*|`", "", value).replace(_SUBTEXT, "")


def _part(part: Part, heading: str = "h2") -> str:
    rows = []
    if part.author:
        rows.append(f'<p class="author">{text(part.author)}</p>')
    if part.title:
        rows.append(f"<{heading}>{text(part.title)}</{heading}>")
    if part.description:
        rows.append(f'<p class="description">{text(part.description)}</p>')
    if part.fields:
        fields = "".join(
            f'<div class="field"><dt>{text(name)}</dt><dd>{text(value)}</dd></div>'
            for name, value in part.fields
        )
        rows.append(f"<dl>{fields}</dl>")
    if part.footer:
        rows.append(f'<p class="footer">{text(part.footer)}</p>')
    return "".join(rows)


def board_fragment(board: Board, picture_url: str | None) -> str:
    """A board as the channel sees it, then the players (whose turn in words and a
    marker, never colour alone), the narration, and any hidden information shown."""
    parts = [f'<section class="embed" aria-label="The board">{_part(board.board)}']
    if picture_url is not None:
        parts.append(
            f'<img class="picture" src="{html.escape(picture_url)}" alt="{html.escape(board.alt)}"'
            ' width="800" height="800">'
        )
    parts.append("</section>")
    players = "".join(
        f'<li{" class=turn" if p.to_move else ""}>{text(p.name)}'
        f'{" (AI)" if p.ai else ""}{" — ▶ to move" if p.to_move else ""}</li>'
        for p in board.players
    )
    parts.append(f'<section aria-label="Players"><h2>Players</h2><ul class="players">{players}</ul>'
                 "</section>")
    if board.odds:
        parts.append(f'<p class="odds">{text(board.odds)}</p>')
    if board.narration:
        lines = "".join(f"<li>{text(line)}</li>" for line in board.narration)
        parts.append(f'<section aria-label="What happened"><h2>What happened</h2>'
                     f'<ul class="narration">{lines}</ul></section>')
    for part in board.private:
        parts.append(f'<section class="embed private" aria-label="Hidden cards">'
                     f"{_part(part, 'h3')}</section>")
    return "".join(parts)


def page(title: str, body: str, script: str | None = None) -> str:
    scripts = f'<script src="/static/{script}"></script>' if script else ""
    return (
        '<!doctype html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f'<title>{html.escape(title)}</title><link rel="stylesheet" href="/static/page.css">'
        f"</head><body>{body}{scripts}</body></html>"
    )


def live_page(title: str, fragment: str) -> str:
    body = (
        f"<header><h1>{html.escape(title)}</h1>"
        '<p id="status" role="status">Live: the board updates as the table plays.</p></header>'
        f'<main id="board">{fragment}</main>'
    )
    return page(title, body, "live.js")


def replay_page(title: str, fragment: str, steps: int, label: str) -> str:
    body = (
        f"<header><h1>{html.escape(title)}</h1></header>"
        '<nav class="controls" aria-label="Steps">'
        '<button type="button" id="prev">◀ Previous</button>'
        f'<input type="range" id="step" min="0" max="{steps}" value="0" aria-label="Step">'
        '<button type="button" id="next">Next ▶</button>'
        f'<p id="where" role="status">{html.escape(label)}</p></nav>'
        f'<main id="board">{fragment}</main><section id="luck" aria-label="Luck"></section>'
    )
    return page(title, body, "replay.js")


ERRORS = {
    403: ("This link is not valid", "This link was changed, or a GM has since replaced the"
          " server's links. Ask for a new one with /game share."),
    404: ("No such game", "There is no game at this address."),
    405: ("Read only", "These pages only show games; nothing here changes one."),
    410: ("This link has expired", "Links last 30 days. Ask for a new one with /game share."),
    413: ("Too large", "That request is larger than these pages accept."),
    429: ("Too many requests", "Please wait a minute before loading more pages."),
    500: ("This page cannot be shown", "Something went wrong on our side; the game is safe."),
}


SEAT_MOVED = ("This view was of a seat another player holds now; ask for a new link"
              " with /game share view:mine.")


def error_page(status: int, sentence: str | None = None) -> str:
    title, usual = ERRORS.get(status, ERRORS[500])
    sentence = sentence or usual
    return page(title, f"<main><h1>{html.escape(title)}</h1><p>{html.escape(sentence)}</p></main>")
