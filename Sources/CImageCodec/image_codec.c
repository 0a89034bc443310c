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
        out->width = (uint32_t)(width > UINT32_MAX ? UINT32_MAX : width);
        out->height = (uint32_t)(height > UINT32_MAX ? UINT32_MAX : height);
        set_error(out, "the picture is too large: %llu×%llu pixels (at most %llu pixels, %u on a side)",
                  (unsigned long long)width, (unsigned long long)height, (unsigned long long)max_pixels, max_side);
        return 0;
    }
    return 1;
}

/// Box-filters rows of straight RGBA, given in order, into a picture `factor` times smaller on
/// each side (colours weighted by alpha), so a large picture is never held whole.
typedef struct {
    uint32_t source_width, source_height, width, height;
    /// The target row being filled, and its sums: red, green and blue times alpha, alpha, count.
    uint32_t row;
    uint64_t *sums;
    unsigned char *pixels;
} shrinker;

static int shrinker_start(shrinker *shrink, uint32_t source_width, uint32_t source_height, uint32_t width, uint32_t height) {
    memset(shrink, 0, sizeof *shrink);
    shrink->source_width = source_width;
    shrink->source_height = source_height;
    shrink->width = width;
    shrink->height = height;
    shrink->sums = calloc((size_t)width * 5, sizeof(uint64_t));
    shrink->pixels = malloc((size_t)width * height * 4);
    return shrink->sums != NULL && shrink->pixels != NULL;
}

static void shrinker_flush(shrinker *shrink) {
    unsigned char *out = shrink->pixels + (size_t)shrink->row * shrink->width * 4;
    for (uint32_t x = 0; x < shrink->width; x++) {
        uint64_t *sum = shrink->sums + (size_t)x * 5;
        uint64_t count = sum[4] ? sum[4] : 1;
        for (int channel = 0; channel < 3; channel++) {
            out[x * 4 + channel] = sum[3] ? (unsigned char)((sum[channel] + sum[3] / 2) / sum[3]) : 0;
        }
        out[x * 4 + 3] = (unsigned char)((sum[3] + count / 2) / count);
    }
    memset(shrink->sums, 0, (size_t)shrink->width * 5 * sizeof(uint64_t));
}

static void shrinker_add(shrinker *shrink, const unsigned char *rgba, uint32_t y) {
    if (shrink->width == shrink->source_width && shrink->height == shrink->source_height) {
        memcpy(shrink->pixels + (size_t)y * shrink->width * 4, rgba, (size_t)shrink->width * 4);
        return;
    }
    uint32_t row = (uint32_t)((uint64_t)y * shrink->height / shrink->source_height);
    if (row != shrink->row) {
        shrinker_flush(shrink);
        shrink->row = row;
    }
    for (uint32_t x = 0; x < shrink->source_width; x++) {
        uint64_t *sum = shrink->sums + (uint64_t)x * shrink->width / shrink->source_width * 5;
        const unsigned char *pixel = rgba + (size_t)x * 4;
        sum[0] += (uint64_t)pixel[0] * pixel[3];
        sum[1] += (uint64_t)pixel[1] * pixel[3];
        sum[2] += (uint64_t)pixel[2] * pixel[3];
        sum[3] += pixel[3];
        sum[4] += 1;
    }
}

/// Ends the last row and hands the pixels to `out`.
static void shrinker_finish(shrinker *shrink, TilesDecodedImage *out) {
    if (shrink->width != shrink->source_width || shrink->height != shrink->source_height) shrinker_flush(shrink);
    free(shrink->sums);
    shrink->sums = NULL;
    out->pixels = shrink->pixels;
    out->width = shrink->width;
    out->height = shrink->height;
    shrink->pixels = NULL;
}

static void shrinker_free(shrinker *shrink) {
    free(shrink->sums);
    free(shrink->pixels);
    shrink->sums = NULL;
    shrink->pixels = NULL;
}

/// The size a `width`×`height` picture is decoded to: as it is when its longer side is at most
/// `max_decoded_side`, else smaller by one factor, but never so small that its shorter side drops
/// under `max_decoded_side / 4` (a cropped panorama keeps its height).
static void decoded_size(uint32_t width, uint32_t height, uint32_t max_decoded_side, uint32_t *out_width, uint32_t *out_height) {
    uint32_t longer = width > height ? width : height, shorter = width > height ? height : width;
    double factor = longer > max_decoded_side ? (double)longer / max_decoded_side : 1;
    double keep_shorter = shorter > max_decoded_side / 4 ? (double)shorter / (max_decoded_side / 4) : 1;
    if (factor > keep_shorter) factor = keep_shorter;
    if (factor < 1) factor = 1;
    *out_width = (uint32_t)((double)width / factor + 0.5);
    *out_height = (uint32_t)((double)height / factor + 0.5);
    if (*out_width == 0) *out_width = 1;
    if (*out_height == 0) *out_height = 1;
}

struct codec_png_source {
    const unsigned char *bytes;
    size_t length, offset;
};

struct codec_png_error {
    jmp_buf jump;
    char message[128];
};

static void png_read_bytes(png_structp png, png_bytep data, png_size_t size) {
    struct codec_png_source *source = png_get_io_ptr(png);
    if (size > source->length - source->offset) png_error(png, "the file ends early");
    memcpy(data, source->bytes + source->offset, size);
    source->offset += size;
}

static void png_fail(png_structp png, png_const_charp message) {
    struct codec_png_error *error = png_get_error_ptr(png);
    snprintf(error->message, sizeof error->message, "%s", message);
    longjmp(error->jump, 1);
}

static void png_ignore(png_structp png, png_const_charp message) { (void)png; (void)message; }

/// Reads a PNG row by row into a `shrinker`: only one row of the file's size is held (an
/// interlaced picture, whose rows come in seven passes, is held whole, so it has a lower limit).
static int decode_png(const unsigned char *bytes, size_t length, const TilesDecodeLimits *limits,
                      TilesDecodedImage *out) {
    struct codec_png_source source = {bytes, length, 0};
    struct codec_png_error error;
    memset(&error, 0, sizeof error);
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &error, png_fail, png_ignore);
    png_infop info = png == NULL ? NULL : png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_read_struct(&png, NULL, NULL);
        set_error(out, "out of memory for a PNG picture");
        return 0;
    }
    // Allocated after setjmp and freed in its error branch: volatile, so the jump keeps them.
    unsigned char *volatile row = NULL;
    unsigned char *volatile whole = NULL;
    shrinker shrink;
    memset(&shrink, 0, sizeof shrink);
    if (setjmp(error.jump)) {
        free(row);
        free(whole);
        shrinker_free(&shrink);
        png_destroy_read_struct(&png, &info, NULL);
        set_error(out, "not a readable PNG picture: %s", error.message);
        return 0;
    }
    png_set_read_fn(png, &source, png_read_bytes);
    png_read_info(png, info);
    uint32_t width = png_get_image_width(png, info), height = png_get_image_height(png, info);
    if (!check_size(width, height, limits->max_pixels, limits->max_side, out)) {
        png_destroy_read_struct(&png, &info, NULL);
        return 0;
    }
    int interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
    if (interlaced && (uint64_t)width * height > limits->max_interlaced_pixels) {
        out->width = width;
        out->height = height;
        set_error(out, "the picture is an interlaced PNG of %u×%u pixels; interlaced pictures are read whole, "
                  "so at most %llu pixels (save it without interlacing)", width, height,
                  (unsigned long long)limits->max_interlaced_pixels);
        png_destroy_read_struct(&png, &info, NULL);
        return 0;
    }
    if (limits->header_only) {
        out->width = width;
        out->height = height;
        png_destroy_read_struct(&png, &info, NULL);
        return 1;
    }
    // To 8-bit straight RGBA in sRGB, as libpng's simplified reader gives it.
    int type = png_get_color_type(png, info);
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
    if (!(type & PNG_COLOR_MASK_ALPHA) && !png_get_valid(png, info, PNG_INFO_tRNS)) {
        png_set_filler(png, 0xFF, PNG_FILLER_AFTER);
    }
    png_set_alpha_mode(png, PNG_ALPHA_PNG, PNG_DEFAULT_sRGB);
    int passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4) png_error(png, "unexpected row layout");

    uint32_t decoded_width, decoded_height;
    decoded_size(width, height, limits->max_decoded_side, &decoded_width, &decoded_height);
    if (!shrinker_start(&shrink, width, height, decoded_width, decoded_height)) png_error(png, "out of memory");
    if (interlaced) {
        whole = malloc((size_t)width * height * 4);
        if (whole == NULL) png_error(png, "out of memory");
        for (int pass = 0; pass < passes; pass++) {
            for (uint32_t y = 0; y < height; y++) png_read_row(png, whole + (size_t)y * width * 4, NULL);
        }
        for (uint32_t y = 0; y < height; y++) shrinker_add(&shrink, whole + (size_t)y * width * 4, y);
    } else {
        row = malloc((size_t)width * 4);
        if (row == NULL) png_error(png, "out of memory");
        for (uint32_t y = 0; y < height; y++) {
            png_read_row(png, row, NULL);
            shrinker_add(&shrink, row, y);
        }
    }
    free(row);
    free(whole);
    shrinker_finish(&shrink, out);
    png_destroy_read_struct(&png, &info, NULL);
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

/// Reads a JPEG row by row into a `shrinker`, letting libjpeg scale it down first (1/2, 1/4,
/// 1/8) as far as the decoded size allows.
static int decode_jpeg(const unsigned char *bytes, size_t length, const TilesDecodeLimits *limits,
                       TilesDecodedImage *out) {
    struct jpeg_decompress_struct info;
    struct codec_jpeg_error error;
    // Allocated after setjmp and freed in its error branch: volatile, so the jump keeps its value.
    unsigned char *volatile row = NULL;
    shrinker shrink;
    memset(&shrink, 0, sizeof shrink);
    memset(&error, 0, sizeof error);
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = jpeg_fail;
    error.manager.emit_message = jpeg_note;
    error.manager.output_message = jpeg_silent;
    if (setjmp(error.jump)) {
        free(row);
        shrinker_free(&shrink);
        jpeg_destroy_decompress(&info);
        set_error(out, "not a readable JPEG picture: %s", error.message);
        return 0;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, bytes, (unsigned long)length);
    jpeg_read_header(&info, TRUE);
    if (!check_size(info.image_width, info.image_height, limits->max_pixels, limits->max_side, out)) {
        jpeg_destroy_decompress(&info);
        return 0;
    }
    if (limits->header_only) {
        out->width = info.image_width;
        out->height = info.image_height;
        jpeg_destroy_decompress(&info);
        return 1;
    }
    uint32_t decoded_width, decoded_height;
    decoded_size(info.image_width, info.image_height, limits->max_decoded_side, &decoded_width, &decoded_height);
    // libjpeg's scaled decoding is cheap (a smaller inverse DCT): as far as it stays at least the
    // decoded size, the box filter finishes the rest.
    info.scale_num = 1;
    info.scale_denom = 1;
    while (info.scale_denom < 8 && info.image_width / (info.scale_denom * 2) >= decoded_width &&
           info.image_height / (info.scale_denom * 2) >= decoded_height) {
        info.scale_denom *= 2;
    }
    int cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    info.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGBA;
    jpeg_start_decompress(&info);
    uint32_t width = info.output_width, height = info.output_height;
    if (decoded_width > width) decoded_width = width;
    if (decoded_height > height) decoded_height = height;
    row = malloc((size_t)width * 4);
    if (row == NULL || !shrinker_start(&shrink, width, height, decoded_width, decoded_height)) {
        free(row);
        shrinker_free(&shrink);
        jpeg_destroy_decompress(&info);
        set_error(out, "out of memory for a %u×%u picture", width, height);
        return 0;
    }
    while (info.output_scanline < info.output_height) {
        uint32_t y = info.output_scanline;
        JSAMPROW line = row;
        jpeg_read_scanlines(&info, &line, 1);
        if (cmyk) {
            // Photoshop writes CMYK JPEGs inverted (Adobe marker), which is what libjpeg hands back:
            // each channel is already 255 − ink, so RGB is the product with the inverted black.
            for (size_t index = 0; index < (size_t)width * 4; index += 4) {
                unsigned k = row[index + 3];
                row[index] = (unsigned char)(row[index] * k / 255);
                row[index + 1] = (unsigned char)(row[index + 1] * k / 255);
                row[index + 2] = (unsigned char)(row[index + 2] * k / 255);
                row[index + 3] = 255;
            }
        }
        shrinker_add(&shrink, row, y);
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    free(row);
    shrinker_finish(&shrink, out);
    return 1;
}

int tiles_image_decode(const unsigned char *bytes, size_t length, const TilesDecodeLimits *limits,
                       TilesDecodedImage *out) {
    static const unsigned char png_signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    memset(out, 0, sizeof *out);
    if (bytes != NULL && length >= 8 && memcmp(bytes, png_signature, 8) == 0) {
        return decode_png(bytes, length, limits, out);
    }
    if (bytes != NULL && length >= 3 && bytes[0] == 0xFF && bytes[1] == 0xD8 && bytes[2] == 0xFF) {
        return decode_jpeg(bytes, length, limits, out);
    }
    set_error(out, "not a PNG or JPEG picture (%zu bytes)", bytes == NULL ? (size_t)0 : length);
    return 0;
}

int tiles_image_refused_for_size(const TilesDecodedImage *out) {
    return out->pixels == NULL && out->width > 0 && out->height > 0 && out->error[0] != 0;
}

void tiles_image_free(TilesDecodedImage *image) {
    free(image->pixels);
    image->pixels = NULL;
}
