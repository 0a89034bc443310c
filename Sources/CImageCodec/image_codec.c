// PNG and JPEG decoding for TileUI's Image, through Debian's libpng and libjpeg-turbo.
//
// Both libraries report errors by longjmp. Every jump lands inside this file: libpng's simplified
// API catches its own errors, and libjpeg's error_exit jumps to a setjmp in decode_jpeg. Swift
// calls tiles_image_decode and always gets a return, never a jump over its frames.

#include "CImageCodec.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <png.h>
#include <jpeglib.h>
#include <jerror.h>

static void set_error(TilesDecodedImage *out, const char *format, ...) {
    va_list arguments;
    va_start(arguments, format);
    vsnprintf(out->error, sizeof out->error, format, arguments);
    va_end(arguments);
}

/// Refuses a picture from its header's dimensions, before its pixels are allocated.
static int check_size(uint64_t width, uint64_t height, uint64_t max_pixels, uint32_t max_side, TilesDecodedImage *out) {
    if (width == 0 || height == 0) {
        set_error(out, "the picture has no pixels (%llu×%llu)", (unsigned long long)width, (unsigned long long)height);
        return 0;
    }
    if (width > max_side || height > max_side || width * height > max_pixels) {
        set_error(out, "the picture is too large: %llu×%llu pixels (at most %llu pixels, %u on a side)",
                  (unsigned long long)width, (unsigned long long)height, (unsigned long long)max_pixels, max_side);
        return 0;
    }
    return 1;
}

static int decode_png(const unsigned char *bytes, size_t length, uint64_t max_pixels, uint32_t max_side,
                      TilesDecodedImage *out) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, bytes, length)) {
        set_error(out, "not a readable PNG picture: %s", image.message);
        png_image_free(&image);
        return 0;
    }
    if (!check_size(image.width, image.height, max_pixels, max_side, out)) {
        png_image_free(&image);
        return 0;
    }
    // A palette picture is read as its indices and its palette, and expanded here: libpng's
    // general RGBA path ran its transformations row by row, 28 instructions a pixel (0.37 million
    // for the built-in 168×80 background, 3 % of a board's first frame), where a lookup is a few.
    // The palette comes back as straight RGBA with the picture's tRNS alphas, as the RGBA path
    // gives them (a test compares both over a picture stored each way).
    int palette = (image.format & PNG_FORMAT_FLAG_COLORMAP) != 0;
    image.format = palette ? PNG_FORMAT_RGBA_COLORMAP : PNG_FORMAT_RGBA;
    size_t count = (size_t)image.width * image.height;
    unsigned char *pixels = malloc(count * 4);
    unsigned char *indices = palette ? malloc(count) : NULL;
    png_byte colormap[256 * 4] = {0};
    if (pixels == NULL || (palette && indices == NULL)) {
        set_error(out, "out of memory for a %u×%u picture", image.width, image.height);
        free(pixels);
        free(indices);
        png_image_free(&image);
        return 0;
    }
    int read = palette ? png_image_finish_read(&image, NULL, indices, 0, colormap)
                       : png_image_finish_read(&image, NULL, pixels, 0, NULL);
    if (!read) {
        set_error(out, "not a readable PNG picture: %s", image.message);
        free(pixels);
        free(indices);
        png_image_free(&image);
        return 0;
    }
    if (palette) {
        // The map has 256 entries whatever the palette's length (those past it zero, transparent),
        // so no index of a corrupt picture reads past it.
        for (size_t index = 0; index < count; index++) {
            memcpy(pixels + index * 4, colormap + (size_t)indices[index] * 4, 4);
        }
        free(indices);
    }
    out->pixels = pixels;
    out->width = image.width;
    out->height = image.height;
    return 1;
}

/// libjpeg's error manager with the place to jump back to and the message.
struct codec_jpeg_error {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

static void jpeg_fail(j_common_ptr info) {
    struct codec_jpeg_error *error = (struct codec_jpeg_error *)info->err;
    (*info->err->format_message)(info, error->message);
    longjmp(error->jump, 1);
}

/// Warnings that mean the picture is truncated or its data corrupt fail the decode (libjpeg would
/// fill the rest with grey); other warnings are ignored, and nothing is written to stderr.
static void jpeg_note(j_common_ptr info, int level) {
    if (level >= 0) return;
    switch (info->err->msg_code) {
    case JWRN_JPEG_EOF:
    case JWRN_HIT_MARKER:
    case JWRN_MUST_RESYNC:
    case JWRN_NOT_SEQUENTIAL:
    case JWRN_HUFF_BAD_CODE:
        jpeg_fail(info);
        break;
    default:
        break;
    }
}

static void jpeg_silent(j_common_ptr info) { (void)info; }

static int decode_jpeg(const unsigned char *bytes, size_t length, uint64_t max_pixels, uint32_t max_side,
                       TilesDecodedImage *out) {
    struct jpeg_decompress_struct info;
    struct codec_jpeg_error error;
    // Allocated after setjmp and freed in its error branch: volatile, so the jump keeps its value.
    unsigned char *volatile pixels = NULL;
    memset(&error, 0, sizeof error);
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = jpeg_fail;
    error.manager.emit_message = jpeg_note;
    error.manager.output_message = jpeg_silent;
    if (setjmp(error.jump)) {
        free(pixels);
        jpeg_destroy_decompress(&info);
        set_error(out, "not a readable JPEG picture: %s", error.message);
        return 0;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, bytes, (unsigned long)length);
    jpeg_read_header(&info, TRUE);
    if (!check_size(info.image_width, info.image_height, max_pixels, max_side, out)) {
        jpeg_destroy_decompress(&info);
        return 0;
    }
    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    info.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    jpeg_start_decompress(&info);
    size_t width = info.output_width, height = info.output_height;
    pixels = malloc(width * height * 4);
    if (pixels == NULL) {
        jpeg_destroy_decompress(&info);
        set_error(out, "out of memory for a %zu×%zu picture", width, height);
        return 0;
    }
    while (info.output_scanline < info.output_height) {
        JSAMPROW row = pixels + (size_t)info.output_scanline * width * 4;
        jpeg_read_scanlines(&info, &row, 1);
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    if (cmyk) {
        // Photoshop writes CMYK JPEGs inverted (Adobe marker), which is what libjpeg hands back:
        // each channel is already 255 − ink, so RGB is the product with the inverted black.
        for (size_t index = 0; index < width * height * 4; index += 4) {
            unsigned k = pixels[index + 3];
            pixels[index] = (unsigned char)(pixels[index] * k / 255);
            pixels[index + 1] = (unsigned char)(pixels[index + 1] * k / 255);
            pixels[index + 2] = (unsigned char)(pixels[index + 2] * k / 255);
            pixels[index + 3] = 255;
        }
    }
    out->pixels = pixels;
    out->width = (uint32_t)width;
    out->height = (uint32_t)height;
    return 1;
}

int tiles_image_decode(const unsigned char *bytes, size_t length, uint64_t max_pixels, uint32_t max_side,
                       TilesDecodedImage *out) {
    static const unsigned char png_signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    memset(out, 0, sizeof *out);
    if (bytes != NULL && length >= 8 && memcmp(bytes, png_signature, 8) == 0) {
        return decode_png(bytes, length, max_pixels, max_side, out);
    }
    if (bytes != NULL && length >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF) {
        return decode_jpeg(bytes, length, max_pixels, max_side, out);
    }
    set_error(out, "not a PNG or JPEG picture (%zu bytes)", bytes == NULL ? (size_t)0 : length);
    return 0;
}

void tiles_image_free(TilesDecodedImage *image) {
    free(image->pixels);
    image->pixels = NULL;
}
