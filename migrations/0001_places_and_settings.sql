-- Saved places and the user's settings.
-- Shipped migrations are never edited: add a new numbered file instead.

PRAGMA application_id = 1718579059; -- 'fcst': marks the file as a forecast database

CREATE TABLE place (
    id             INTEGER PRIMARY KEY,
    display_name   TEXT    NOT NULL CHECK (length(display_name) BETWEEN 1 AND 100),
    canonical_name TEXT    NOT NULL CHECK (length(canonical_name) BETWEEN 1 AND 200),
    country_code   TEXT    NOT NULL DEFAULT '',           -- ISO 3166 alpha-2, '' over sea
    admin1         TEXT    NOT NULL DEFAULT '',           -- region code (GeoNames admin1)
    latitude       REAL    NOT NULL CHECK (latitude BETWEEN -90 AND 90),
    longitude      REAL    NOT NULL CHECK (longitude BETWEEN -180 AND 180),
    time_zone      TEXT    NOT NULL,                      -- IANA name
    geonames_id    INTEGER,                               -- NULL for places added by coordinates
    position       INTEGER NOT NULL,                      -- manual order, 1-based
    added_at       TEXT    NOT NULL                       -- ISO 8601, UTC
);

CREATE UNIQUE INDEX place_geonames_id ON place (geonames_id) WHERE geonames_id IS NOT NULL;
CREATE INDEX place_position ON place (position);

-- Exactly one row.
CREATE TABLE settings (
    id                   INTEGER PRIMARY KEY CHECK (id = 1),
    temperature_unit     TEXT    NOT NULL DEFAULT 'celsius'
                                 CHECK (temperature_unit IN ('celsius', 'fahrenheit', 'kelvin')),
    sort_key             TEXT    NOT NULL DEFAULT 'custom'
                                 CHECK (sort_key IN ('name', 'temperature', 'humidity', 'custom')),
    sort_descending      INTEGER NOT NULL DEFAULT 0 CHECK (sort_descending IN (0, 1)),
    last_viewed_place_id INTEGER REFERENCES place (id) ON DELETE SET NULL
);

INSERT INTO settings (id) VALUES (1);
