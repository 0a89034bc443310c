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

/// What a decode accepts, and how large it makes the picture it returns.
typedef struct {
    /// Pictures of more pixels, or wider or taller, are refused from their header.
    uint64_t max_pixels;
    uint32_t max_side;
    /// An interlaced PNG is read whole: its own, lower limit.
    uint64_t max_interlaced_pixels;
    /// A picture whose longer side is over this is decoded smaller (box-filtered as it is read),
    /// keeping its shorter side at least a quarter of this.
    uint32_t max_decoded_side;
    /// Read the header only: on success `pixels` stays NULL and the size is the file's.
    int header_only;
} TilesDecodeLimits;

/// Decodes PNG or JPEG bytes (recognised by their signature) into `out`, row by row, never
/// holding more than one row of the file's size besides the result (interlaced PNGs excepted).
/// Returns 1 on success, 0 with `out->error` set otherwise; never aborts and never jumps out of
/// this call (libpng and libjpeg errors are caught inside).
int tiles_image_decode(const unsigned char *bytes, size_t length, const TilesDecodeLimits *limits,
                       TilesDecodedImage *out);

/// Whether the failed decode in `out` refused the picture for its size (its header was read).
int tiles_image_refused_for_size(const TilesDecodedImage *out);

/// Frees the pixels of a successful decode; safe on a failed or already freed one.
void tiles_image_free(TilesDecodedImage *image);

#endif
