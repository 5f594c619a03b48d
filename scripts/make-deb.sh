#!/usr/bin/env bash
# Builds a Debian package of TenFoot that runs where no Swift toolchain is installed (issue 33):
#   tenfoot            /usr/bin/tenfoot
#   its SwiftUI reader /usr/lib/tenfoot/libTenFootSwiftUIReader.so
#   the Swift runtime and the toolchain's parser libraries the two load, beside the reader in /usr/lib/tenfoot
#                      (one runtime per process: both find it there, through RUNPATH $ORIGIN…)
#   fonts, schema      /usr/share/tenfoot
#   completion, man    /usr/share/bash-completion, /usr/share/zsh/vendor-completions, /usr/share/man/man1
#   licences           /usr/share/doc/tenfoot/copyright (TenFoot's, the fonts', the Swift runtime's)
# Depends on Debian's runtime packages only (found with dpkg -S from what the programs link or load), never on a toolchain.
#
#   scripts/make-deb.sh [OUT_FOLDER]      # default .build/deb; prints the package's path and size
set -euo pipefail
cd "$(dirname "$0")/.."
out="${1:-.build/deb}"
swift_bin="$(command -v swift || true)"
[ -n "$swift_bin" ] || { echo "make-deb: swift is not on PATH (a package is built where Swift is)" >&2; exit 3; }
# The toolchain's root: what the package must not need.
toolchain="$(cd "$(dirname "$(readlink -f "$swift_bin")")/../.." && pwd)"
for tool in patchelf dpkg-deb dpkg-shlibdeps; do
  command -v "$tool" >/dev/null || { echo "make-deb: $tool is missing (scripts/setup.sh --deb installs it)" >&2; exit 3; }
done

stage="$(mktemp -d "${TMPDIR:-/tmp}/tenfoot-deb.XXXXXX")"
trap 'rm -rf "$stage"' EXIT
root="$stage/root"
make --no-print-directory install DESTDIR="$root" PREFIX=/usr CONFIG=release >/dev/null
lib="$root/usr/lib/tenfoot"
bin="$root/usr/bin/tenfoot"
reader="$lib/libTenFootSwiftUIReader.so"
# zsh looks in vendor-completions on Debian.
mkdir -p "$root/usr/share/zsh/vendor-completions"
mv "$root/usr/share/zsh/site-functions/_tenfoot" "$root/usr/share/zsh/vendor-completions/_tenfoot"
rmdir "$root/usr/share/zsh/site-functions"

# Every library of the toolchain the two load (ldd lists what they load in turn), copied beside the reader.
copied=()
for f in "$bin" "$reader"; do
  while read -r path; do
    name="$(basename "$path")"
    [ -e "$lib/$name" ] && continue
    install -m 644 "$path" "$lib/$name"
    copied+=("$lib/$name")
  done < <(ldd "$f" | awk -v t="$toolchain/" 'index($3, t) == 1 { print $3 }')
done
# RUNPATH: the package's own folder, never the toolchain's.
patchelf --set-rpath '$ORIGIN/../lib/tenfoot' "$bin"
for f in "$reader" "${copied[@]}"; do patchelf --set-rpath '$ORIGIN' "$f"; done
strip --strip-unneeded --remove-section=.comment --remove-section=.note "$bin" "$reader" "${copied[@]}"
# Nothing of the toolchain may be named any more.
for f in "$bin" "$reader" "${copied[@]}"; do
  if readelf -d "$f" | grep -q "$toolchain"; then echo "make-deb: $f still names $toolchain" >&2; exit 1; fi
done

# tenfoot loads SDL, SDL_image, SDL_ttf and Xlib the first time it draws (dlopen: Sources/CSDLLoader), so neither
# program names them: a probe that links them and takes the address of each function tenfoot calls from them gives
# dpkg-shlibdeps their packages, at the versions those functions need. The probe is not packaged.
probe="$stage/probe"
{
  echo '#define SDL_MAIN_HANDLED 1'
  grep '^#include <' Sources/CSDLLoader/functions.c
  echo 'void *const tenfoot_probe[] = {'
  sed -n 's/^    {[0-9]*, "\([A-Za-z0-9_]*\)"},$/    (void *)\1,/p' Sources/CSDLLoader/functions.c
  echo '};'
  echo 'int main(void) { return tenfoot_probe[0] == 0; }'
} > "$probe.c"
"$toolchain/usr/bin/clang" -w "$probe.c" -o "$probe" -lSDL2 -lSDL2_image -lSDL2_ttf -lX11

version="$("$bin" --version | awk '{ print $2 }')"
# The maintainer: Debian's DEBFULLNAME and DEBEMAIL when set, else the author of the commit built.
maintainer="${DEBFULLNAME:-$(git log -1 --format=%an)} <${DEBEMAIL:-$(git log -1 --format=%ae)}>"
arch="$(dpkg --print-architecture)"
doc="$root/usr/share/doc/tenfoot"
mkdir -p "$doc" "$root/DEBIAN"
# The Apache License 2.0 is in /usr/share/common-licenses on every Debian system: named, not copied (lintian).
without_apache_text() { awk '/^--- \/usr\/share\/common-licenses\/Apache-2.0/ { exit } /^ +Apache License$/ { exit } { print }' "$1"; }
{
  echo "TenFoot $version: the Apple TV 10-foot interface simulated on any desktop."
  echo
  echo "TenFoot's own code: Copyright 2026 the TenFoot developers."
  echo
  echo "It carries the Swift runtime and the Swift toolchain's parser libraries (usr/lib/tenfoot):"
  echo "Copyright Apple Inc. and the Swift project authors, under the Apache License 2.0 with the Runtime"
  echo "Library Exception below. On Debian systems the Apache License 2.0 is in /usr/share/common-licenses/Apache-2.0."
  echo
  sed -n '/Runtime Library Exception/,$p' "$toolchain/usr/share/swift/LICENSE.txt"
  for licence in Assets/Fonts/LICENSE-*.txt; do
    echo
    echo "Font licence: $(basename "$licence") (beside the fonts in usr/share/tenfoot/Assets/Fonts)"
    echo
    without_apache_text "$licence"
  done
} > "$doc/copyright"
chmod 644 "$doc/copyright"
# A changelog, as every package has: the version and where the history lives (the git log).
date="$(git log -1 --format=%aD 2>/dev/null || date -R)"
printf 'tenfoot (%s) unstable; urgency=medium\n\n  * Built from the TenFoot repository; its history is the git log.\n\n -- %s  %s\n' \
  "$version" "$maintainer" "$date" | gzip -9n > "$doc/changelog.gz"
chmod 644 "$doc/changelog.gz"
gzip -9n "$root/usr/share/man/man1/tenfoot.1"

# Depends: the Debian packages of the libraries the programs link (outside the package), with their versions.
mkdir -p "$stage/debian"
printf 'Source: tenfoot\n\nPackage: tenfoot\nArchitecture: any\n' > "$stage/debian/control"
depends="$(cd "$stage" && dpkg-shlibdeps -O -l"$root/usr/lib/tenfoot" --ignore-missing-info \
  -e"${root#"$stage/"}/usr/bin/tenfoot" -e"${root#"$stage/"}/usr/lib/tenfoot/libTenFootSwiftUIReader.so" -eprobe \
  $(for f in "${copied[@]}"; do printf -- '-e%s ' "${f#"$stage/"}"; done) 2>/dev/null | sed -n 's/^shlibs:Depends=//p')"
[ -n "$depends" ] || { echo "make-deb: dpkg-shlibdeps found no dependencies" >&2; exit 1; }
size="$(du -sk --exclude=DEBIAN "$root" | cut -f1)"
cat > "$root/DEBIAN/control" <<EOF
Package: tenfoot
Version: $version
Architecture: $arch
Maintainer: $maintainer
Installed-Size: $size
Depends: $depends
Recommends: ffmpeg, xvfb
Section: graphics
Priority: optional
Description: Apple TV 10-foot interface simulator for desktops
 TenFoot opens a tvOS screen, written as a JSON scene file or as the app's
 SwiftUI source, in a window, and moves focus the way tvOS moves it with a
 keyboard or gamepad. It records focus traversal videos (MP4, GIF), answers
 where a swipe goes and why, finds items no swipe can reach, and runs focus
 expectations as tests. The Swift runtime and parser it needs are included:
 no Swift toolchain is required.
EOF
(cd "$root" && find usr -type f -print0 | sort -z | xargs -0 md5sum) > "$root/DEBIAN/md5sums"
chmod 644 "$root/DEBIAN/control" "$root/DEBIAN/md5sums"
find "$root" -type d -exec chmod 755 {} +
mkdir -p "$out"
package="$out/tenfoot_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$package" >/dev/null
echo "$package: $(du -h "$package" | cut -f1) ($(stat -c %s "$package") bytes; installed ${size} KB)"
