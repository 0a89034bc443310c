// libjpeg-turbo, for CImageCodec (the image decoder behind TileUI's Image).
#include <stdio.h>
#include <jpeglib.h>
