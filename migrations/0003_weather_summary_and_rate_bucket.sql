-- A light cache for `list`: per place and provider, the current conditions and
-- the first days only (no hourly series), a few hundred bytes instead of ~40 KB,
-- with temperature and humidity as columns so sorting reads no JSON at all.
-- weather_cache keeps the full reports, which only `show` reads, one at a time.

CREATE TABLE weather_summary (
    place_id    INTEGER NOT NULL REFERENCES place (id) ON DELETE CASCADE,
    provider    TEXT    NOT NULL,
    fetched_at  REAL    NOT NULL,                         -- seconds since 1970, UTC
    temperature REAL,                                     -- °C, for sorting
    humidity    REAL,                                     -- %, for sorting
    report      TEXT    NOT NULL CHECK (json_valid(report)),  -- WeatherReport without hourly data
    PRIMARY KEY (place_id, provider)
) WITHOUT ROWID;

INSERT INTO weather_summary (place_id, provider, fetched_at, temperature, humidity, report)
SELECT place_id, provider, fetched_at,
       json_extract(report, '$.current.temperature'),
       json_extract(report, '$.current.humidity'),
       json_set(report, '$.hourly', json('[]'))
FROM weather_cache;

-- The client-side rate limit, shared by every forecast process using this
-- database: a token bucket per service.
CREATE TABLE rate_bucket (
    service    TEXT PRIMARY KEY,
    tokens     REAL NOT NULL,                             -- calls available at updated_at
    updated_at REAL NOT NULL                              -- seconds since 1970, UTC
) WITHOUT ROWID;
