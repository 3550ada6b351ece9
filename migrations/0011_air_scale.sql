-- `air_scale`: the scale the air is graded on for every place ("us", "eu",
-- "kr"), as `forecast config air-scale` keeps it; NULL or "local": each place
-- on its own country's scale (South Korea's grades, the European AQI in the
-- European Economic Area, the US AQI elsewhere).

ALTER TABLE settings ADD COLUMN air_scale TEXT
    CHECK (air_scale IS NULL OR air_scale IN ('local', 'us', 'eu', 'kr'));
