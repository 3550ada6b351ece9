-- Cached weather is kept packed (PackedReport: fields in a fixed order,
-- numbers as their bits) instead of JSON: decoding JSON was most of what a
-- `list` of a thousand cached places did. The JSON column stays for the
-- reports cached before this, which are read as they are until the next fetch
-- replaces them; new reports are written packed only. A row has one or the other.

CREATE TABLE weather_cache_new (
    place_id   INTEGER NOT NULL REFERENCES place (id) ON DELETE CASCADE,
    provider   TEXT    NOT NULL,
    fetched_at REAL    NOT NULL,                                    -- seconds since 1970, UTC
    report     TEXT    CHECK (report IS NULL OR json_valid(report)), -- before 0006: WeatherReport as JSON
    packed     BLOB,                                                -- WeatherReport packed
    CHECK ((report IS NULL) <> (packed IS NULL)),
    PRIMARY KEY (place_id, provider)
) WITHOUT ROWID;
INSERT INTO weather_cache_new (place_id, provider, fetched_at, report, packed)
SELECT place_id, provider, fetched_at, report, NULL FROM weather_cache;
DROP TABLE weather_cache;
ALTER TABLE weather_cache_new RENAME TO weather_cache;

CREATE TABLE weather_summary_new (
    place_id    INTEGER NOT NULL REFERENCES place (id) ON DELETE CASCADE,
    provider    TEXT    NOT NULL,
    fetched_at  REAL    NOT NULL,                                    -- seconds since 1970, UTC
    temperature REAL,                                                -- °C, for sorting
    humidity    REAL,                                                -- %, for sorting
    report      TEXT    CHECK (report IS NULL OR json_valid(report)), -- before 0006: the summary as JSON
    packed      BLOB,                                                -- the summary packed
    CHECK ((report IS NULL) <> (packed IS NULL)),
    PRIMARY KEY (place_id, provider)
) WITHOUT ROWID;
INSERT INTO weather_summary_new (place_id, provider, fetched_at, temperature, humidity, report, packed)
SELECT place_id, provider, fetched_at, temperature, humidity, report, NULL FROM weather_summary;
DROP TABLE weather_summary;
ALTER TABLE weather_summary_new RENAME TO weather_summary;
