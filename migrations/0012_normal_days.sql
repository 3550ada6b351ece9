-- The climate normals kept for each place, a row a calendar day ("11-26"):
-- the mean daily low and high of 1991–2020 (°C) and how many days' values
-- each mean is of. A month's days are added each time a place's month is
-- fetched (30 calls a place), and kept with the months before: after a year,
-- every day is here and nothing is asked again. A command reads only the days
-- a place's today may be (the primary key begins with the day), not the year.
-- The `open-meteo-normals` row of `source_answer` keeps when they were last
-- asked and why they failed. Removing a place removes its normals.

CREATE TABLE normal_day (
    place_id INTEGER NOT NULL REFERENCES place (id) ON DELETE CASCADE,
    day      TEXT    NOT NULL CHECK (length(day) = 5 AND day GLOB '[01][0-9]-[0-3][0-9]'),
    low      REAL    NOT NULL,
    high     REAL    NOT NULL,
    count    INTEGER NOT NULL,
    PRIMARY KEY (day, place_id)
) WITHOUT ROWID;

CREATE INDEX normal_day_place ON normal_day (place_id);
