-- What the sources asked beside the weather answered for each place
-- (official warnings, the next two hours), each kept with its own life: a
-- source's terms (MET asks for one request a place in 10 minutes) or its
-- `Expires` say when it may be asked again (`not_before`). The answer is
-- forecast's own JSON (SourceAnswer), bounded and validated again when read.
-- Removing a place removes its answers.
--
-- `alert_sources`: which warning sources the user chose beyond the official
-- ones that need no key ("openweathermap": One Call 3.0's alerts, with a key).

CREATE TABLE source_answer (
    place_id   INTEGER NOT NULL REFERENCES place (id) ON DELETE CASCADE,
    source     TEXT    NOT NULL CHECK (length(source) BETWEEN 1 AND 40 AND source NOT GLOB '*[^a-z0-9-]*'),
    fetched_at REAL    NOT NULL,                        -- seconds since 1970, UTC
    not_before REAL,                                    -- no request for this place before (seconds since 1970)
    answer     TEXT    NOT NULL CHECK (json_valid(answer)),
    PRIMARY KEY (place_id, source)
) WITHOUT ROWID;

-- Which names exist is the program's to say (as for `provider`, 0005): here, only their shape.
ALTER TABLE settings ADD COLUMN alert_sources TEXT
    CHECK (alert_sources IS NULL OR (length(alert_sources) BETWEEN 1 AND 40 AND alert_sources NOT GLOB '*[^a-z0-9-]*'));
