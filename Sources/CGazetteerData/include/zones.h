#ifndef FORECAST_ZONES_H
#define FORECAST_ZONES_H

// The time zone boundaries compiled into the binary (see scripts/build_zones.py,
// which says what each array holds). The int arrays are given with their
// number of ints, the byte arrays with their number of bytes.
const int *forecast_zones_meta(void);
unsigned long forecast_zones_meta_count(void);
const char *forecast_zones_names(void);
unsigned long forecast_zones_names_size(void);
const int *forecast_zones_polygons(void);
unsigned long forecast_zones_polygons_count(void);
const int *forecast_zones_rings(void);
unsigned long forecast_zones_rings_count(void);
const int *forecast_zones_blocks(void);
unsigned long forecast_zones_blocks_count(void);
const int *forecast_zones_towns(void);
unsigned long forecast_zones_towns_count(void);
const unsigned char *forecast_zones_vertices(void);
unsigned long forecast_zones_vertices_size(void);

#endif
