#ifndef FORECAST_GAZETTEER_H
#define FORECAST_GAZETTEER_H

// The GeoNames cities compiled into the binary (see scripts/build_gazetteer.py).
// Each is UTF-8 text, one tab-separated record a line.
const char *forecast_gazetteer_cities(void);
unsigned long forecast_gazetteer_cities_size(void);
const char *forecast_gazetteer_countries(void);
unsigned long forecast_gazetteer_countries_size(void);
const char *forecast_gazetteer_regions(void);
unsigned long forecast_gazetteer_regions_size(void);

#endif
