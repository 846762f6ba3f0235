// 10,000 route records ("bench/0000/:p" ... "bench/9999/:p") in the linkrouter_routes section.
#ifndef MANY_ROUTE_RECORDS_H
#define MANY_ROUTE_RECORDS_H
/// The number of records this target plants.
int many_route_records_count(void);
#endif
