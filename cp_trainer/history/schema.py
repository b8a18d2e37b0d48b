"""The history database's schema, as a list of migration steps.

``PRAGMA user_version`` holds how many steps a database has had. Opening a database runs the
missing steps in order, each in its own transaction, so an empty file, a file from an older
version and a current file all end at :data:`SCHEMA_VERSION`. Never edit a step that shipped:
append a new one.
"""

from __future__ import annotations


def _drill_results() -> str:
    """Drill results: one row a graded drill hand; see :mod:`.drill_record`. The
    rating and the review schedule are derived from these rows, not stored."""
    return """
    CREATE TABLE drill_results (
        id INTEGER PRIMARY KEY,
        played_at TEXT NOT NULL,
        hand TEXT NOT NULL,
        source TEXT NOT NULL,
        theme TEXT,
        difficulty INTEGER,
        arrangement TEXT NOT NULL,
        best TEXT NOT NULL,
        ev REAL NOT NULL,
        best_ev REAL NOT NULL,
        loss REAL NOT NULL,
        loss_stderr REAL NOT NULL,
        significant INTEGER NOT NULL,
        foul INTEGER NOT NULL,
        grade TEXT NOT NULL
    );
    CREATE INDEX drill_by_time ON drill_results (played_at, id);
    """


MIGRATIONS: tuple[str, ...] = (
    # 1: hands, the fouls found in the player's arrangement, and the opponents' hands.
    """
    CREATE TABLE hands (
        id INTEGER PRIMARY KEY,
        played_at TEXT NOT NULL,
        game TEXT NOT NULL CHECK (game IN ('chinese', 'paigow')),
        deal TEXT NOT NULL,
        arrangement TEXT NOT NULL,
        house_rules TEXT NOT NULL,
        solver_arrangement TEXT,
        solver_ev REAL,
        player_ev REAL,
        points REAL NOT NULL,
        foul_count INTEGER NOT NULL
    );
    CREATE TABLE fouls (
        hand_id INTEGER NOT NULL REFERENCES hands(id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        code TEXT NOT NULL,
        message TEXT NOT NULL,
        PRIMARY KEY (hand_id, position)
    );
    CREATE TABLE opponents (
        hand_id INTEGER NOT NULL REFERENCES hands(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        arrangement TEXT NOT NULL,
        points REAL NOT NULL,
        PRIMARY KEY (hand_id, seat)
    );
    """,
    # 2: which bot (or dealer) sat in each seat; the history window lists hands by time.
    """
    ALTER TABLE opponents ADD COLUMN name TEXT NOT NULL DEFAULT '';
    CREATE INDEX hands_by_time ON hands (played_at, id);
    CREATE INDEX hands_by_game ON hands (game, played_at);
    """,
    # 3: lessons the player has finished (the Lessons window ticks them).
    """
    CREATE TABLE lessons_completed (
        lesson_id TEXT PRIMARY KEY,
        completed_at TEXT NOT NULL
    );
    """,
    # 4: how the hand was played, so a replay settles it as it was: a surrendered hand, and which
    #    of the player's two Criss Cross hands a record is (NULL: an ordinary table).
    """
    ALTER TABLE hands ADD COLUMN surrendered INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE hands ADD COLUMN criss_cross_hand INTEGER CHECK (criss_cross_hand IN (1, 2));
    """,
    # 5: each hand's stable identity (exported and re-imported), unique, so an import never doubles
    #    the history. cp_hand_uid is record.hand_uid, registered on the connection. Copies left by
    #    the old double imports are kept (a migration never deletes a hand) under identities of
    #    their own.
    """
    ALTER TABLE hands ADD COLUMN uid TEXT;
    UPDATE hands SET uid = cp_hand_uid(game, played_at, deal, arrangement, criss_cross_hand);
    UPDATE hands SET uid = uid || '-' || id WHERE id NOT IN (SELECT MIN(id) FROM hands GROUP BY uid);
    CREATE UNIQUE INDEX hands_by_uid ON hands (uid);
    """,
    # 6: drill results.
    _drill_results(),
    # 7: a bot that surrendered its hand (the bots surrender when it pays more), and the paired
    #    standard error of what the player's choice cost (NULL: not known, as in older hands), so
    #    a replay says "it cost you X" only when X is beyond the solver's accuracy.
    """
    ALTER TABLE opponents ADD COLUMN surrendered INTEGER NOT NULL DEFAULT 0;
    ALTER TABLE hands ADD COLUMN loss_stderr REAL;
    """,
    # 8: each drill result's stable identity, unique, as the hands' (step 5): an import stored
    #    twice, or two at once, keeps one copy. cp_drill_uid is drill_record.drill_uid, registered
    #    on the connection. Copies left by the old double imports are kept (a migration never
    #    deletes a row) under identities of their own.
    """
    ALTER TABLE drill_results ADD COLUMN uid TEXT;
    UPDATE drill_results SET uid = cp_drill_uid(played_at, hand, arrangement);
    UPDATE drill_results SET uid = uid || '-' || id
        WHERE id NOT IN (SELECT MIN(id) FROM drill_results GROUP BY uid);
    CREATE UNIQUE INDEX drill_by_uid ON drill_results (uid);
    """,
)

APPLICATION_ID = 0x43505452  # "CPTR": PRAGMA application_id of a cp-trainer history

# Columns each schema version must have: a file claiming a version is checked (read-only) before
# anything is written to it.
COLUMNS_BY_VERSION: tuple[tuple[int, str, str], ...] = (
    (1, "hands", "foul_count"), (1, "fouls", "message"), (1, "opponents", "points"),
    (2, "opponents", "name"), (3, "lessons_completed", "lesson_id"), (4, "hands", "criss_cross_hand"),
    (5, "hands", "uid"), (6, "drill_results", "grade"), (7, "opponents", "surrendered"),
    (7, "hands", "loss_stderr"), (8, "drill_results", "uid"),
)

SCHEMA_VERSION = len(MIGRATIONS)
