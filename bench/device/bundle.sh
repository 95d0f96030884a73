#!/bin/bash
# Packs what bench/device/run.sh needs on a lent device machine, which has no Node, no Redis and
# no registry, into .devcarry/bundle.tar.xz (ignored; about 28 MB, under the 64 MiB a call may
# carry with the working tree): a stripped copy of this Node, redis-server with the libraries a
# CUDA image lacks, the production node_modules (less the other platforms' uWebSockets.js
# builds and the native modules' sources), this build's dist and, when a second build folder is
# named, that one too as `base` (run.sh then times both).
#
# Run after `make build`: bash bench/device/bundle.sh [path/to/other/checkout]
# Then: device run with carry [".devcarry"] and command `OUT=$OUT bash bench/device/run.sh`.
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
base=${1:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$root"

mkdir -p "$work/app" "$work/redis/lib"
strip -o "$work/node" "$(command -v node)"
cp "$(readlink -f "$(command -v redis-server)")" "$work/redis/redis-server"
for lib in liblzf.so.1 libjemalloc.so.2 libatomic.so.1; do
  cp "$(ldd "$(readlink -f "$(command -v redis-server)")" | awk -v l=$lib '$1 == l { print $3 }')" "$work/redis/lib/"
done

# Production dependencies, and autocannon, which bench/mix.ts imports.
{ npm ls --omit=dev --all --parseable; npm ls autocannon --all --parseable; } 2>/dev/null |
  sed "s|^$root/||" | grep '^node_modules/' | grep -v '^node_modules/typescript$' | sort -u > "$work/paths"
node -e '
  const fs = require("fs"), path = require("path"), seen = new Set();
  const find = (from, name) => { for (let d = from; ; d = path.dirname(d)) { const c = path.join(d, "node_modules", name); if (fs.existsSync(c)) return c; if (d === path.dirname(d)) return null; } };
  const walk = (dir) => { for (const dep of Object.keys(require(dir + "/package.json").dependencies ?? {})) { const at = find(dir, dep); if (at && !seen.has(at)) { seen.add(at); walk(at); } } };
  walk(path.resolve("node_modules/autocannon"));
  for (const at of seen) console.log(path.relative(process.cwd(), at));' >> "$work/paths"
sort -u "$work/paths" | tar cf - -T - | tar xf - -C "$work/app"
modules="$work/app/node_modules"
abi=$(node -p 'process.platform + "_" + process.arch + "_" + process.versions.modules')
find "$modules/uWebSockets.js/binaries" -name '*.node' ! -name "uws_$abi.node" -delete
rm -rf "$modules/uWebSockets.js/docs" "$modules"/uWebSockets.js/dist/*.node
rm -rf "$modules/better-sqlite3/deps" "$modules/better-sqlite3/src"
find "$modules/better-sqlite3/build" -mindepth 1 -maxdepth 2 ! -name Release ! -name better_sqlite3.node -exec rm -rf {} +
find "$modules" \( -name '*.d.ts' -o -name '*.map' -o -name '*.md' \) -delete

copy_build() { # the parts of a build run.sh uses: src, bench, scripts, test/support and the ledger
  mkdir -p "$2/dist/test"
  cp -r "$1/dist/src" "$1/dist/bench" "$1/dist/scripts" "$2/dist/"
  cp -r "$1/dist/test/support" "$2/dist/test/"
  cp "$1/dist/ledger.sqlite" "$2/dist/"
  touch "$2/dist/.built"
}
copy_build "$root" "$work/app"
if [ -n "$base" ]; then
  copy_build "$base" "$work/base"
  # So run.sh's `starts` stage can start the base build's acceptors too (it needs only startGateway).
  [ -f "$work/base/dist/bench/acceptor-starts.js" ] || cp dist/bench/acceptor-starts.js "$work/base/dist/bench/"
fi

mkdir -p .devcarry
(cd "$work" && tar cf - node redis app $([ -n "$base" ] && echo base)) | xz -T0 -9 > .devcarry/bundle.tar.xz
ls -l .devcarry/bundle.tar.xz
