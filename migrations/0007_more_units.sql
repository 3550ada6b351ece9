-- Units for every quantity shown (`forecast units`): wind also in knots and
-- on the Beaufort scale, and precipitation, distance, pressure and the clock
-- each on its own. 0005's CHECK allowed three wind units, so the settings row
-- is rebuilt once with the wider list and the four new columns (their
-- defaults the metric ones every place showed before). Values no CHECK would
-- keep (a file edited by hand) become the defaults rather than stop the migration.

CREATE TABLE settings_new (
    id                   INTEGER PRIMARY KEY CHECK (id = 1),
    temperature_unit     TEXT    NOT NULL DEFAULT 'celsius'
                                 CHECK (temperature_unit IN ('celsius', 'fahrenheit', 'kelvin')),
    sort_key             TEXT    NOT NULL DEFAULT 'custom'
                                 CHECK (sort_key IN ('name', 'temperature', 'humidity', 'custom')),
    sort_descending      INTEGER NOT NULL DEFAULT 0 CHECK (sort_descending IN (0, 1)),
    last_viewed_place_id INTEGER REFERENCES place (id) ON DELETE SET NULL,
    wind_unit            TEXT    NOT NULL DEFAULT 'ms' CHECK (wind_unit IN ('ms', 'kmh', 'mph', 'kn', 'bft')),
    provider             TEXT    CHECK (provider IS NULL OR (length(provider) BETWEEN 1 AND 40
                                        AND provider NOT GLOB '*[^a-z0-9-]*')),
    language             TEXT    CHECK (language IS NULL OR (length(language) BETWEEN 2 AND 16
                                        AND language NOT GLOB '*[^a-zA-Z-]*')),
    ttl_minutes          REAL    CHECK (ttl_minutes IS NULL OR (ttl_minutes >= 0 AND ttl_minutes <= 10080)),
    concurrency          INTEGER CHECK (concurrency IS NULL OR concurrency BETWEEN 1 AND 256),
    default_format       TEXT    CHECK (default_format IS NULL
                                        OR default_format IN ('table', 'json', 'csv', 'tsv', 'markdown', 'line')),
    precipitation_unit   TEXT    NOT NULL DEFAULT 'mm' CHECK (precipitation_unit IN ('mm', 'in')),
    distance_unit        TEXT    NOT NULL DEFAULT 'km' CHECK (distance_unit IN ('km', 'mi')),
    pressure_unit        TEXT    NOT NULL DEFAULT 'hPa' CHECK (pressure_unit IN ('hPa', 'inHg', 'mmHg')),
    clock                TEXT    NOT NULL DEFAULT '24h' CHECK (clock IN ('24h', '12h'))
);

INSERT INTO settings_new (id, temperature_unit, sort_key, sort_descending, last_viewed_place_id, wind_unit,
                          provider, language, ttl_minutes, concurrency, default_format)
SELECT 1,
       CASE WHEN temperature_unit IN ('celsius', 'fahrenheit', 'kelvin') THEN temperature_unit ELSE 'celsius' END,
       CASE WHEN sort_key IN ('name', 'temperature', 'humidity', 'custom') THEN sort_key ELSE 'custom' END,
       CASE WHEN sort_descending IN (0, 1) THEN sort_descending ELSE 0 END,
       CASE WHEN typeof(last_viewed_place_id) = 'integer'
                 AND last_viewed_place_id IN (SELECT id FROM place) THEN last_viewed_place_id END,
       CASE WHEN wind_unit IN ('ms', 'kmh', 'mph', 'kn', 'bft') THEN wind_unit ELSE 'ms' END,
       CASE WHEN typeof(provider) = 'text' AND length(provider) BETWEEN 1 AND 40
                 AND provider NOT GLOB '*[^a-z0-9-]*' THEN provider END,
       CASE WHEN typeof(language) = 'text' AND length(language) BETWEEN 2 AND 16
                 AND language NOT GLOB '*[^a-zA-Z-]*' THEN language END,
       CASE WHEN typeof(ttl_minutes) IN ('integer', 'real') AND ttl_minutes >= 0 AND ttl_minutes <= 10080 THEN ttl_minutes END,
       CASE WHEN typeof(concurrency) = 'integer' AND concurrency BETWEEN 1 AND 256 THEN concurrency END,
       CASE WHEN default_format IN ('table', 'json', 'csv', 'tsv', 'markdown', 'line') THEN default_format END
FROM settings
WHERE id = 1;

-- A settings row is never missing (0001 made it; a damaged file may have lost it).
INSERT OR IGNORE INTO settings_new (id) VALUES (1);

DROP TABLE settings;
ALTER TABLE settings_new RENAME TO settings;
