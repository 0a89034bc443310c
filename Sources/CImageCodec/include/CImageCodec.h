#ifndef TILES_IMAGE_CODEC_H
#define TILES_IMAGE_CODEC_H

#include <stddef.h>
#include <stdint.h>

/// A picture decoded to 8-bit RGBA, rows top to bottom, no padding; or the reason it could not be.
typedef struct {
    /// width * height * 4 bytes, owned by the caller once decoded: release with tiles_image_free.
    unsigned char *pixels;
    uint32_t width;
    uint32_t height;
    /// Empty on success; else a sentence saying what is wrong with the bytes.
    char error[160];
} TilesDecodedImage;

/// Decodes PNG or JPEG bytes (recognised by their signature) into `out`. Pictures of more than
/// `max_pixels` pixels, or wider or taller than `max_side`, are refused from their header, before
/// any pixel memory is allocated. Returns 1 on success, 0 with `out->error` set otherwise; never
/// aborts and never jumps out of this call (libpng and libjpeg errors are caught inside).
int tiles_image_decode(const unsigned char *bytes, size_t length, uint64_t max_pixels, uint32_t max_side,
                       TilesDecodedImage *out);

/// Frees the pixels of a successful decode; safe on a failed or already freed one.
void tiles_image_free(TilesDecodedImage *image);

#endif
