#!/bin/sh
# make package-test: builds the .deb and the tarball from the release binary, checks the .deb
# with lintian (no error; docs/usage.md explains the overrides), unpacks both into throw-away
# folders and runs the binary from a folder with nothing else in it, in an empty environment.
set -eu

# The .deb's binary (shared C libraries) and the tarball's (static), then where to write them.
deb_binary=$1
dist_binary=$2
outdir=$3
fail() { echo "package-test: $*" >&2; exit 1; }

deb=$(sh scripts/package.sh deb "$deb_binary" "$outdir")
tarball=$(sh scripts/package.sh dist "$dist_binary" "$outdir")
version=$("$dist_binary" --version)
[ "$("$deb_binary" --version)" = "$version" ] || fail "the two builds are of other versions"
commit=$(git rev-parse --short=12 HEAD 2>/dev/null || true)
case "$version" in
  *"$commit"*) ;;
  *) fail "tiles --version says $version, not the commit $commit" ;;
esac

lintian --fail-on error --display-level '>=warning' "$deb" > "$outdir/lintian.txt" 2>&1 || { cat "$outdir/lintian.txt" >&2; fail "lintian found errors in $deb"; }

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
dpkg-deb -x "$deb" "$scratch/root"
for file in usr/bin/tiles usr/libexec/tiles/tiles-parse usr/libexec/tiles/tiles-serve usr/share/man/man1/tiles.1.gz usr/share/man/zh_CN/man1/tiles.1.gz usr/share/bash-completion/completions/tiles \
  usr/share/zsh/vendor-completions/_tiles usr/share/fish/vendor_completions.d/tiles.fish usr/share/doc/tiles/copyright \
  usr/share/doc/tiles/docs/usage.md; do
  [ -f "$scratch/root/$file" ] || fail "$deb has no $file"
done
dpkg-deb -f "$deb" Version | grep -qx "$version-1" || fail "the package's version is not $version-1"
depends=$(dpkg-deb -f "$deb" Depends)
for library in libc6 libncursesw6 libssl3 libxml2 libical3; do
  case "$depends" in *"$library"*) ;; *) fail "the package does not depend on $library: $depends" ;; esac
done

mkdir "$scratch/tarball"
tar -C "$scratch/tarball" -xzf "$tarball"
name=$(basename "$tarball" .tar.gz)
listing=$(cd "$scratch/tarball/$name" && find . -type f | sort | tr '\n' ' ')
# The binary, its man page and completions, the README, and the guides as `make install` lays them out.
expected=$( {
  printf '%s\n' ./README.md ./bin/tiles ./libexec/tiles/tiles-parse ./libexec/tiles/tiles-serve ./share/bash-completion/completions/tiles ./share/fish/vendor_completions.d/tiles.fish \
    ./share/man/man1/tiles.1 ./share/man/zh_CN/man1/tiles.1 ./share/zsh/site-functions/_tiles
  for file in README.md docs/*.md docs/schema/*.json docs/gallery/*.svg docs/images/*.png; do printf './share/doc/tiles/%s\n' "$file"; done
} | sort | tr '\n' ' ')
[ "$listing" = "$expected" ] || fail "$tarball holds: $listing"

# Each binary alone in an empty folder, with an empty home and no variables but PATH.
for unpacked in "$scratch/root/usr/bin/tiles" "$scratch/tarball/$name/bin/tiles"; do
  alone="$scratch/alone-$(echo "$unpacked" | md5sum | cut -c1-8)"
  mkdir -p "$alone/home"
  cp "$unpacked" "$alone/tiles"
  cd "$alone"
  said=$(env -i HOME="$alone/home" PATH=/usr/bin:/bin ./tiles --version)
  [ "$said" = "$version" ] || fail "$unpacked --version printed '$said'"
  env -i HOME="$alone/home" PATH=/usr/bin:/bin LANG=C.UTF-8 TZ=UTC ./tiles render --widget qqsync --offline --language zh-Hans > render.txt \
    || fail "$unpacked render failed"
  grep -q "所有快乐都向你靠拢" render.txt || fail "$unpacked rendered: $(cat render.txt)"
  cd - >/dev/null
done
# Each helper reads a feed the way tiles hands it one.
for helper in "$scratch/root/usr/libexec/tiles/tiles-parse" "$scratch/tarball/$name/libexec/tiles/tiles-parse"; do
  said=$(printf '<rss><channel><title>T</title><item><title>Hello</title></item></channel></rss>' | env -i PATH=/usr/bin:/bin "$helper" feed) \
    || fail "$helper could not read a feed"
  case "$said" in *'"Hello"'*) ;; *) fail "$helper read: $said" ;; esac
done
# `tiles serve` runs the tiles-serve installed beside it.
for tiles in "$scratch/root/usr/bin/tiles" "$scratch/tarball/$name/bin/tiles"; do
  said=$(env -i HOME="$scratch" PATH=/usr/bin:/bin LANG=C.UTF-8 "$tiles" serve --help) || fail "$tiles serve --help failed"
  case "$said" in *"USAGE: tiles serve"*) ;; *) fail "$tiles serve --help printed: $said" ;; esac
done
echo "package-test: $deb and $tarball pass ($(du -h "$deb" | cut -f1) and $(du -h "$tarball" | cut -f1))"
