// libpng, for CImageCodec (the image decoder behind TileUI's Image).
#include <png.h>
