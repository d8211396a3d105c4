"""The class store's tables (SQLAlchemy Core): rooms, their seats and the pages that show a seat, each room's
moves, pooled experiment results, the teacher's settings, and the home page's kept games.

>>> sorted(metadata.tables)
['kept_tables', 'moves', 'results', 'rooms', 'seat_tabs', 'seats', 'settings']
"""

from __future__ import annotations

import sqlalchemy as sa

__all__ = ["kept_tables", "metadata", "moves", "results", "rooms", "seat_tabs", "seats", "settings"]

metadata = sa.MetaData()
rooms = sa.Table(
    "rooms", metadata,
    sa.Column("code", sa.String(8), primary_key=True),
    sa.Column("players", sa.Integer, nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("rules", sa.Text, nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    #: the current round's save at its deal (None before the game starts)
    sa.Column("deal", sa.Text),
    #: the game's save at the current round's deal: scores, dealer, round number (None before the game starts)
    sa.Column("game", sa.Text),
    #: how many moves the room's earlier rounds hold: the current round's moves are numbered after them
    sa.Column("first_move", sa.Integer, nullable=False, default=0),
    sa.Column("moves", sa.Integer, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
)
seats = sa.Table(
    "seats", metadata,
    sa.Column("code", sa.String(8), sa.ForeignKey("rooms.code", ondelete="CASCADE"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("name", sa.String(64), nullable=False),
    sa.Column("bot", sa.String(16)),
    sa.Column("token", sa.String(64), unique=True),
    #: when the student's page last said it is open (None for a computer player)
    sa.Column("seen", sa.Float),
)
#: each page (browser tab) that shows a seat, and when it last said so: two at once are one student's two tabs
#: (or a classmate who was given the address), which the pages tell the student about
seat_tabs = sa.Table(
    "seat_tabs", metadata,
    sa.Column("token", sa.String(64), primary_key=True),
    sa.Column("tab", sa.String(32), primary_key=True),
    #: when the page first said it shows the seat, and when it last did
    sa.Column("first", sa.Float, nullable=False),
    sa.Column("seen", sa.Float, nullable=False),
)
moves = sa.Table(
    "moves", metadata,
    sa.Column("code", sa.String(8), sa.ForeignKey("rooms.code", ondelete="CASCADE"), primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("move", sa.Text, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)
results = sa.Table(
    "results", metadata,
    sa.Column("experiment", sa.String(64), primary_key=True),
    sa.Column("student", sa.String(64), primary_key=True),
    sa.Column("result", sa.Text, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)

#: the teacher's choices for the class (see :class:`ClassSettings`): one row each, its value as JSON
settings = sa.Table(
    "settings", metadata,
    sa.Column("name", sa.String(64), primary_key=True),
    sa.Column("value", sa.Text, nullable=False),
)

#: a game a visitor of the home page plays against computer players (:mod:`dos_lab.play.kept`), under the token in
#: that page's address; ``version`` goes up with every save, so a second tab with the same address cannot overwrite
#: a game that went on in the first
kept_tables = sa.Table(
    "kept_tables", metadata,
    sa.Column("token", sa.String(64), primary_key=True),
    sa.Column("data", sa.Text, nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("saved", sa.Float, nullable=False),
)
