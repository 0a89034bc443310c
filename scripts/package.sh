#!/bin/sh
# Packages a built tiles: `package.sh deb BINARY OUTDIR [HELPER]` writes OUTDIR/tiles_VERSION_ARCH.deb,
# `package.sh dist BINARY OUTDIR [HELPER]` writes OUTDIR/tiles-VERSION-linux-MACHINE.tar.gz. VERSION is what
# `BINARY --version` prints (0.1.0+5829d37abcde). Prints the path of what it wrote.
# The files are laid out by `make install-files`, so the packages hold what `make install` installs;
# HELPER is tiles-parse, by default the one beside BINARY; tiles-serve is the one beside BINARY.
set -eu

kind=$1
binary=$(readlink -f "$2")
outdir=$3
helper=$(readlink -f "${4:-$(dirname "$binary")/tiles-parse}")
server=$(readlink -f "$(dirname "$binary")/tiles-serve")
root=$(cd "$(dirname "$0")/.." && pwd)
version=$("$binary" --version)
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$outdir"
outdir=$(cd "$outdir" && pwd)

install_files() {
  # A clean make: the caller's MAKEFLAGS (-j, -s) must not change what is installed.
  env -u MAKEFLAGS -u MAKELEVEL make --no-print-directory -s -C "$root" install-files \
    TILES_BIN="$binary" PARSE_BIN="$helper" SERVE_BIN="$server" DESTDIR="$1" PREFIX="$2" >/dev/null
}

case "$kind" in
dist)
  name="tiles-$version-linux-$(uname -m)"
  # Laid out as a prefix: copy bin/ and share/ into ~/.local or /usr/local, or run bin/tiles.
  install_files "$stage/$name" /
  cp "$root/README.md" "$stage/$name/README.md"
  tar -C "$stage" --owner=0 --group=0 --numeric-owner --sort=name -czf "$outdir/$name.tar.gz" "$name"
  echo "$outdir/$name.tar.gz"
  ;;
deb)
  arch=$(dpkg --print-architecture)
  package="$stage/tiles"
  install_files "$package" /usr
  # Debian's places: zsh completions in vendor-completions, the man page compressed.
  mkdir -p "$package/usr/share/zsh/vendor-completions"
  mv "$package/usr/share/zsh/site-functions/_tiles" "$package/usr/share/zsh/vendor-completions/_tiles"
  rmdir "$package/usr/share/zsh/site-functions"
  gzip -9n "$package/usr/share/man/man1/tiles.1" "$package/usr/share/man/zh_CN/man1/tiles.1"
  # bash-completion sources the file: the generator's `#!/bin/bash` line has no use there.
  sed -i '1{/^#!/d}' "$package/usr/share/bash-completion/completions/tiles"
  docs="$package/usr/share/doc/tiles"
  mkdir -p "$docs" "$package/usr/share/lintian/overrides" "$package/DEBIAN"
  cp "$root/debian/copyright" "$docs/copyright"
  cp "$root/debian/lintian-overrides" "$package/usr/share/lintian/overrides/tiles"
  date=$(date -R -u -d "@${SOURCE_DATE_EPOCH:-$(git -C "$root" log -1 --format=%ct 2>/dev/null || date +%s)}")
  printf 'tiles (%s-1) unstable; urgency=medium\n\n  * Built from %s.\n\n -- tiles developers <tiles@example.org>  %s\n' \
    "$version" "$version" "$date" | gzip -9n > "$docs/changelog.Debian.gz"
  # The shared libraries the binary loads, as Debian's packages of them (dpkg-shlibdeps).
  readelf -d "$binary" | grep -q NEEDED || { echo "package.sh: a .deb is built from release-shared's binary" >&2; exit 2; }
  depends=$(cd "$stage" && mkdir -p debian && touch debian/control && dpkg-shlibdeps -O -e"$package/usr/bin/tiles" -e"$package/usr/libexec/tiles/tiles-parse" -e"$package/usr/libexec/tiles/tiles-serve" | sed -n 's/^shlibs:Depends=//p')
  size=$(du -sk --exclude=DEBIAN "$package" | cut -f1)
  sed -e "s/@VERSION@/$version-1/" -e "s/@ARCH@/$arch/" -e "s/@DEPENDS@/$depends/" -e "s/@SIZE@/$size/" \
    "$root/debian/control.in" > "$package/DEBIAN/control"
  (cd "$package" && find usr -type f -exec md5sum {} + | sort -k2) > "$package/DEBIAN/md5sums"
  find "$package" -type d -exec chmod 0755 {} +
  file="$outdir/tiles_${version}-1_$arch.deb"
  dpkg-deb --root-owner-group -Zxz --build "$package" "$file" >/dev/null
  echo "$file"
  ;;
*)
  echo "usage: package.sh deb|dist BINARY OUTDIR" >&2
  exit 2
  ;;
esac
