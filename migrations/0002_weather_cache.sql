-- Cached weather: the latest successful report per place and provider, with
-- when it was fetched. Errors are never stored here.

CREATE TABLE weather_cache (
    place_id   INTEGER NOT NULL REFERENCES place (id) ON DELETE CASCADE,
    provider   TEXT    NOT NULL,
    fetched_at REAL    NOT NULL,                        -- seconds since 1970, UTC
    report     TEXT    NOT NULL CHECK (json_valid(report)),  -- WeatherReport as JSON, fixed units
    PRIMARY KEY (place_id, provider)
) WITHOUT ROWID;

-- Wind speeds are shown in this unit (stored values are m/s).
ALTER TABLE settings ADD COLUMN wind_unit TEXT NOT NULL DEFAULT 'ms' CHECK (wind_unit IN ('ms', 'kmh', 'mph'));
