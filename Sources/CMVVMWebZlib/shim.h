// zlib's deflate, for gzip response bodies.
#include <zlib.h>
