#!/bin/bash
# On a lent device machine (16 cores): unpacks .devcarry/bundle.tar.xz (bench/device/bundle.sh)
# and runs bench/cores.js, writing each run's table to $OUT. With a `base` build in the bundle,
# its 8- and 2-core runs are alternated with this build's.
#
# STAGES (default scaling,pairs,supervised,accounts; `starts` adds bench/acceptor-starts.js, on the
# base build first when there is one), SPLITS (this build's runs, default
# 1:1:0,2:2:0,4:4:0,8:8:0,8:4:4,8:1:7), PAIRS (the alternated runs, default 8:8:0,2:2:0), D (seconds
# per mix, default 3), NODE_CPUS (default 4), STARTS (default 30).
set -u
x=$(mktemp -d)
tar xJf .devcarry/bundle.tar.xz -C "$x" || exit 1
export PATH=$x:$PATH
printf '#!/bin/bash\nLD_LIBRARY_PATH=%s/redis/lib exec %s/redis/redis-server "$@"\n' "$x" "$x" > "$x/redis/run"
chmod +x "$x/redis/run"
export REDIS_SERVER=$x/redis/run
rm -rf node_modules dist base && mv "$x/app/node_modules" "$x/app/dist" .
if [ -d "$x/base" ]; then
  # A project root of its own (paths.ts finds package.json) with this checkout's IDLs and corpus.
  mkdir base && cp package.json base/ && mv "$x/base/dist" base/
  for shared in node_modules idls ledger docs src; do ln -s "../$shared" "base/$shared"; done
fi
{ nproc; node -v; lscpu | grep -i 'model name'; "$REDIS_SERVER" --version; node -e "require('uWebSockets.js'); console.log('uWebSockets.js native build loaded')"; } > "$OUT/env.txt" 2>&1
cat "$OUT/env.txt"

getTransaction='getTransaction (standard),getTransaction explorerkit,getTransaction actionskit'
enhanced='getTransaction explorerkit,getTransaction actionskit'
run() {
  local name=$1
  shift
  echo "== $name $(date +%T)"
  env "$@" DURATION="${D:-3}" NODE_CPUS="${NODE_CPUS:-4}" timeout 300 node dist/bench/cores.js > "$OUT/$name.txt" 2>&1
  echo "exit $?"
  grep '^| [0-9]' "$OUT/$name.txt" | awk '!seen[$0]++'
}
stages=",${STAGES:-scaling,pairs,supervised,accounts},"
starts() {
  echo "== $1 $(date +%T)"
  STARTS="${STARTS:-30}" timeout 400 node dist/bench/acceptor-starts.js > "$OUT/$1.txt" 2>&1
  echo "exit $?"
  tail -n 5 "$OUT/$1.txt"
}
if [[ $stages == *,starts,* ]]; then
  if [ -f base/dist/bench/acceptor-starts.js ]; then (cd base && starts starts-base); fi
  starts starts-this
fi
[[ $stages == *,scaling,* ]] && run this SPLITS="${SPLITS:-1:1:0,2:2:0,4:4:0,8:8:0,8:4:4,8:1:7}" MIXES="$getTransaction"
if [ -d base ] && [[ $stages == *,pairs,* ]]; then
  (cd base && run base SPLITS="${PAIRS:-8:8:0,2:2:0}" MIXES="$enhanced")
  run this-again SPLITS="${PAIRS:-8:8:0,2:2:0}" MIXES="$enhanced"
fi
[[ $stages == *,supervised,* ]] && run supervised-limits LIMITS=supervisor SPLITS=8:8:0 MIXES="$getTransaction"
[[ $stages == *,accounts,* ]] && run accounts SPLITS=8:8:0 MIXES='getMultipleAccounts (standard),getMultipleAccounts explorerkit'
echo "== done $(date +%T)"
