#!/usr/bin/env bash
# The packaging check: the committed tree installed with `npm ci --omit=dev` builds and starts as
# `npm start` does and exports a book as Word. A package the server imports at run time but lists
# under devDependencies (as `docx` was) fails here, where every other tier has the dev packages.
# Used by .ci/run; run it by hand the same way: `bash scripts/omit-dev-check.sh`.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
pid=
cleanup() {
  [ -n "$pid" ] && kill "$pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# The committed files only, as a fresh clone has them.
git -C "$root" archive HEAD | tar -x -C "$work"
cd "$work"
npm ci --omit=dev --no-audit --no-fund --loglevel=error
export PATH="$work/node_modules/.bin:$PATH"

# `npm start` is `npm run build` and then the server: run the two so that $pid is the server itself
# (a kill of npm would leave its node child holding the port).
npm run -s build >"$work/build.log" 2>&1 || { tail -40 "$work/build.log"; exit 1; }
port=${OMIT_DEV_PORT:-$(node -e 's=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')}
base="http://127.0.0.1:$port"
DATA_DIR="$work/data" PORT=$port HOST=127.0.0.1 node --max-semi-space-size=8 dist/server/main.mjs >"$work/server.log" 2>&1 &
pid=$!
for _ in $(seq 1 240); do
  curl -fs "$base/api/health" >/dev/null 2>&1 && break
  if ! kill -0 "$pid" 2>/dev/null; then
    echo "the server stopped before it answered:"
    tail -40 "$work/server.log"
    exit 1
  fi
  sleep 1
done
curl -fs "$base/api/health" >/dev/null || { echo "no answer from $base/api/health"; tail -40 "$work/server.log"; exit 1; }

jar="$work/cookies"
# call NAME OUT CURL-ARGS...: one request; its body goes to OUT. A busy answer (429, 503) or a dropped
# connection is tried again a few times, as a client would; any other failure prints the status, the body
# and the server's last log lines, so that a failure in CI says which step failed and why.
call() {
  local name=$1 out=$2
  shift 2
  local status=000 try
  for try in 1 2 3 4 5; do
    status=$(curl -sS -o "$out" -w '%{http_code}' -b "$jar" -c "$jar" -H "Origin: $base" "$@" 2>"$work/curl.err") || status=000
    case $status in
      2??) return 0 ;;
      000 | 429 | 503) sleep $((try * 2)) ;;
      *) break ;;
    esac
  done
  echo "$name failed: HTTP $status"
  cat "$work/curl.err" 2>/dev/null || true
  head -c 2000 "$out" 2>/dev/null || true
  echo
  echo "the server's last lines:"
  tail -40 "$work/server.log"
  exit 1
}

call register "$work/register.json" -H 'Content-Type: application/json' \
  -d "{\"username\":\"omitdev$RANDOM\",\"password\":\"Packaging check 4711!\"}" "$base/api/register"
call generate-outline "$work/book.json" \
  -F 'topic=Photosynthesis' -F 'approvedReferences=[]' -F 'directMethod=true' -F 'chapterTitle=Light reactions' \
  -F 'directContent=Photosynthesis turns light into chemical energy. The light reactions take place in the thylakoid membranes. They split water and release oxygen as a by-product.' \
  "$base/api/textbooks/generate-outline"
id=$(node -p 'JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).textbookId' "$work/book.json")
call "export of book $id" "$work/book.docx" "$base/api/textbooks/$id/export?format=docx"
magic=$(head -c 2 "$work/book.docx")
if [ "$magic" != "PK" ]; then
  echo "the Word export of book $id is not a ZIP package"
  exit 1
fi
echo "npm ci --omit=dev: the server started and exported book $id as Word ($(wc -c <"$work/book.docx") bytes)"
