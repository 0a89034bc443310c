#!/bin/sh
# static_c_libs.sh DIR: prepares DIR so that the release link takes the C libraries tiles uses
# (ncursesw and tinfo, libpng and zlib, libjpeg, OpenSSL's libssl and libcrypto, libstdc++) from
# their static archives.
#
# DIR gets a link to each archive and a pkg-config file for each library, copied from the
# system's with its library path pointing at DIR. `make release` builds with PKG_CONFIG_PATH=DIR:
# SwiftPM then puts `-L DIR` before the system's library directories, and the linker, looking in
# DIR first, finds only archives there. The compile flags stay the system's, so nothing is
# recompiled. When an archive or a pkg-config file is missing (another distribution, say), DIR is
# emptied and the release binary links those libraries dynamically, as a debug build does.
#
# When every archive is there and so are glibc's own (libc.a, libm.a: Debian's libc6-dev), the
# script writes DIR/static-executable, and `make release` links the binary wholly static
# (`-static-executable`); without it, dynamically against libc.
set -eu
dir=$1
clang=${CLANG:-clang}
rm -rf "$dir"
mkdir -p "$dir"

give_up() {
    echo "tiles: $1; the release binary links its C libraries dynamically" >&2
    rm -rf "$dir"
    mkdir -p "$dir"
    exit 0
}

for archive in libncursesw.a libtinfo.a libpng16.a libz.a libjpeg.a libssl.a libcrypto.a libstdc++.a; do
    path=$("$clang" -print-file-name="$archive" 2>/dev/null || true)
    # clang prints the bare name back when it finds no such file.
    case $path in
        /*) [ -f "$path" ] || give_up "no $archive" ;;
        *) give_up "no $archive" ;;
    esac
    ln -s "$path" "$dir/$archive"
done

for package in ncursesw libpng libjpeg zlib openssl libssl libcrypto; do
    source=""
    for candidate in /usr/lib/*/pkgconfig/$package.pc /usr/lib/pkgconfig/$package.pc /usr/share/pkgconfig/$package.pc; do
        if [ -f "$candidate" ]; then source=$candidate; break; fi
    done
    [ -n "$source" ] || give_up "no pkg-config file for $package"
    # Every -L, literal or through ${libdir}, becomes DIR.
    sed -e "s#-L[^ ]*#-L$dir#g" "$source" >"$dir/$package.pc"
done

for archive in libc.a libm.a libpthread.a libdl.a; do
    path=$("$clang" -print-file-name="$archive" 2>/dev/null || true)
    case $path in
        /*) [ -f "$path" ] || exit 0 ;;
        *) exit 0 ;;
    esac
done
: >"$dir/static-executable"
