#!/bin/sh
# Builds the libFuzzer binary of `make fuzz`: the library targets' sources, the fuzz targets shared
# with the tests and the entry point, compiled as one module (so the targets reach internal API
# without @testable; the imports of the library's own targets are left out of the copies compiled)
# with libFuzzer and AddressSanitizer. SwiftPM cannot build it: it would link a
# `main` into the library's users and has no per-target sanitizer flags.
set -eu
out=${1:-.build/fuzz/choosy-fuzz}
mkdir -p "$(dirname "$out")"
sources="$(dirname "$out")/sources"
rm -rf "$sources" && mkdir -p "$sources"
for file in $(find Sources/Choosy* -name '*.swift' | sort) Tests/ChoosyToolsTests/Fuzz/FuzzTarget.swift \
  Tests/ChoosyCatalogTestSupport/URLTemplate+Text.swift fuzz/FuzzEntry.swift; do
  sed -e '/^\(@testable \)\{0,1\}import Choosy/d' "$file" > "$sources/$(echo "$file" | tr / _)"
done
# shellcheck disable=SC2046
swiftc -sanitize=fuzzer,address -use-ld=lld -parse-as-library -O -wmo -gline-tables-only -D CHOOSY_FUZZ \
  -module-name ChoosyData -package-name choosy_data -module-cache-path "$(dirname "$out")/ModuleCache" \
  -Xcc -fmodule-map-file=Sources/CYAML/module.modulemap $(pkg-config --cflags-only-I yaml-0.1 | sed 's/-I/-Xcc -I/g') \
  $(find "$sources" -name '*.swift' | sort) \
  $(pkg-config --libs yaml-0.1) -o "$out"
