-- Preferences that persist (`forecast config`): NULL means "not set here", so
-- the environment or the built-in default decides. The OpenWeatherMap key is
-- never stored: it stays in the environment.

ALTER TABLE settings ADD COLUMN provider TEXT
    CHECK (provider IS NULL OR provider IN ('open-meteo', 'openweathermap'));
ALTER TABLE settings ADD COLUMN language TEXT
    CHECK (language IS NULL OR language IN ('en', 'ko'));
ALTER TABLE settings ADD COLUMN ttl_minutes REAL
    CHECK (ttl_minutes IS NULL OR (ttl_minutes >= 0 AND ttl_minutes <= 10080));
ALTER TABLE settings ADD COLUMN concurrency INTEGER
    CHECK (concurrency IS NULL OR concurrency BETWEEN 1 AND 256);
ALTER TABLE settings ADD COLUMN default_format TEXT
    CHECK (default_format IS NULL OR default_format IN ('table', 'json', 'csv', 'tsv', 'markdown', 'line'));
