#!/usr/bin/env bash
# The steps of docs/api.md, end to end, against a running Reelsmith server:
# key -> (webhook endpoint) -> project -> scenes -> voiceover -> avatar -> product -> scene videos
# -> final video -> MP4 on disk.
#
#   BASE_URL=http://127.0.0.1:3000 API_KEY=rsk_... [COOKIE='rs_session=...'] scripts/api-walkthrough.sh
#
# BASE_URL  the server (no trailing slash)
# API_KEY   a key made in Profile -> API keys (or POST /api/auth/api-keys with a session)
# COOKIE    optional: a signed-in browser session (`rs_session=...`). Adding a webhook endpoint needs
#           one; with it the script starts a small receiver on 127.0.0.1:$HOOK_PORT, registers it,
#           and verifies every event's Standard Webhooks signature. http://127.0.0.1 callback URLs are
#           accepted only by a server not running with NODE_ENV=production.
# HOOK_PORT receiver port (default 3198)
# OUT       where the MP4 goes (default ./reelsmith-final.mp4)
#
# Needs bash, curl and node. A customer on the Free plan can make one project in its lifetime, so
# run this with a key of a customer who has not used it yet, or of a paid customer.
set -euo pipefail

: "${BASE_URL:?set BASE_URL, e.g. http://127.0.0.1:3000}"
: "${API_KEY:?set API_KEY (rsk_...)}"
HOOK_PORT="${HOOK_PORT:-3198}"
OUT="${OUT:-./reelsmith-final.mp4}"
AUTH="Authorization: Bearer $API_KEY"
T="$(mktemp -d)"
RECEIVER_PID=""
cleanup() { if [ -n "$RECEIVER_PID" ]; then kill "$RECEIVER_PID" 2>/dev/null || true; fi; rm -rf "$T"; }
trap cleanup EXIT

say() { printf '\n== %s\n' "$*"; }
die() { printf 'FAILED: %s\n' "$*" >&2; exit 1; }

# api METHOD PATH [BODY] [extra curl args...]: headers in $T/h, body in $T/b; prints the status.
api() {
  local method="$1" path="$2" body="${3:-}"; shift 3 || shift $#
  local args=(-sS -X "$method" -D "$T/h" -o "$T/b" -w '%{http_code}' -H "$AUTH")
  if [ -n "$body" ]; then args+=(-H 'Content-Type: application/json' --data-binary "$body"); fi
  curl "${args[@]}" "$@" "$BASE_URL$path"
}
# j EXPR: evaluates a JavaScript expression over the last answer's JSON (`b`).
j() { node -e 'const b=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8"));const v=('"$1"');process.stdout.write(typeof v==="string"?v:JSON.stringify(v))' "$T/b"; }
hdr() { grep -i "^$1:" "$T/h" | tail -1 | cut -d' ' -f2- | tr -d '\r'; }
expect() { [ "$1" = "$2" ] || { echo "answer: $(cat "$T/b")" >&2; die "$3: expected HTTP $2, got $1"; }; }

# wait_job PATH: polls GET /api/jobs/{id} until the job succeeded (result left in $T/b) or died.
wait_job() {
  local loc="$1" last="" s
  while :; do
    s=$(api GET "$loc"); expect "$s" 200 "GET $loc"
    local line; line="$(j 'b.status+" "+b.stage+" "+b.percent+"%"')"
    [ "$line" != "$last" ] && echo "   $line" && last="$line"
    case "$(j b.status)" in
      succeeded) return 0 ;;
      dead) die "job ended: $(j 'b.reason+": "+b.error')" ;;
    esac
    sleep 2
  done
}
# start_step NAME BODY: POST /api/projects/$PROJECT/NAME with Prefer: respond-async, then waits.
start_step() {
  local s; s=$(api POST "/api/projects/$PROJECT/$1" "$2" -H 'Prefer: respond-async' -H "Idempotency-Key: $RUN-$1")
  expect "$s" 202 "$1"
  echo "   202 $(hdr preference-applied); Location: $(hdr location); job $(j 'b.job.kind+" "+b.job.status')"
  wait_job "$(hdr location)"
}
RUN="walk-$(date +%s)-$$"

say "Who am I (the key acts as its customer)"
s=$(api GET /api/subscription/current); expect "$s" 200 "subscription"
PLAN="$(j b.planName)"; DOWNLOADS="$(j b.allowDownload)"
echo "   plan $PLAN, downloads $DOWNLOADS, qualities $(j b.allowedQualities), longest reel $(j b.maxReelSeconds) s, can create: $(j b.canCreateProject)"
echo "   rate limit: $(hdr x-ratelimit-limit)/min, $(hdr x-ratelimit-remaining) left, resets in $(hdr x-ratelimit-reset) s"

if [ -n "${COOKIE:-}" ]; then
  say "Webhook endpoint (needs the browser session; an API key gets 403)"
  cat > "$T/receiver.mjs" <<'EOF'
import http from 'node:http';
import crypto from 'node:crypto';
import fs from 'node:fs';
const [port, secretFile, log] = process.argv.slice(2);
http.createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8');
    const id = req.headers['webhook-id'], ts = req.headers['webhook-timestamp'];
    const secret = fs.readFileSync(secretFile, 'utf8').trim();
    const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
    const expected = crypto.createHmac('sha256', key).update(`${id}.${ts}.${body}`).digest();
    const ok = String(req.headers['webhook-signature'] ?? '').split(' ').some((s) => {
      const [v, sig] = s.split(',');
      const got = Buffer.from(sig ?? '', 'base64');
      return v === 'v1' && got.length === expected.length && crypto.timingSafeEqual(got, expected);
    }) && Math.abs(Date.now() / 1000 - Number(ts)) < 300;
    if (!ok) { res.writeHead(401).end(); return; }
    fs.appendFileSync(log, JSON.stringify({ id, ...JSON.parse(body) }) + '\n');
    res.writeHead(204).end();
  });
}).listen(Number(port), '127.0.0.1');
EOF
  : > "$T/secret"; : > "$T/events"
  node "$T/receiver.mjs" "$HOOK_PORT" "$T/secret" "$T/events" & RECEIVER_PID=$!
  HOOK="{\"url\":\"http://127.0.0.1:$HOOK_PORT/hook\",\"description\":\"api walkthrough $RUN\"}"
  s=$(api POST /api/webhooks "$HOOK"); expect "$s" 403 "POST /api/webhooks with the key"
  echo "   with the API key: 403 $(j b.reason): $(j b.error)"
  s=$(curl -sS -X POST -D "$T/h" -o "$T/b" -w '%{http_code}' -H "Cookie: $COOKIE" \
      -H 'Content-Type: application/json' --data-binary "$HOOK" "$BASE_URL/api/webhooks")
  expect "$s" 201 "POST /api/webhooks with the session"
  HOOK_ID="$(j b.id)"; j b.secret > "$T/secret"
  echo "   with the session: 201, endpoint $HOOK_ID, secret $(cut -c1-12 "$T/secret")… (shown once)"
fi

say "Create a project (Idempotency-Key), then retry the very same request"
BODY='{"title":"Glow serum launch","aspect":"9:16","reelTime":20}'
s=$(api POST /api/projects "$BODY" -H "Idempotency-Key: $RUN-project"); expect "$s" 201 "POST /api/projects"
PROJECT="$(j b.id)"; echo "   201 project $PROJECT (version $(j b.version), status $(j b.status))"
s=$(api POST /api/projects "$BODY" -H "Idempotency-Key: $RUN-project"); expect "$s" 201 "retried POST /api/projects"
[ "$(j b.id)" = "$PROJECT" ] || die "the retry made another project"
echo "   retry: 201, Idempotent-Replayed: $(hdr idempotent-replayed), same id"

say "Write the scenes (answers at once)"
SCRIPT='Meet Glow, the serum that wakes up tired skin. Two drops every morning and your face looks rested. It is light, it smells of citrus and it sinks in fast. Try Glow today and see the difference in a week.'
s=$(api POST "/api/projects/$PROJECT/generate-scenes" "{\"script\":\"$SCRIPT\",\"sceneCount\":3,\"sceneDuration\":7,\"reelTime\":20}")
expect "$s" 200 "generate-scenes"
SCENES="$(j 'b.scenes.map(s=>s.sceneId)')"
j 'b.scenes.map(s=>"   "+s.sceneId+" ("+s.durationSeconds+" s): "+s.text).join("\n")'; echo

say "Voiceover"
s=$(api GET '/api/voices?language=en&gender=female'); expect "$s" 200 "voices"
VOICE="$(j 'b[0].id')"; echo "   voice $VOICE ($(j 'b[0].name'))"
start_step generate-voiceover "{\"voiceId\":\"$VOICE\",\"language\":\"en\",\"gender\":\"female\",\"age\":\"young\",\"sceneSpeedSettings\":{},\"duration\":20,\"oneVoiceForAll\":true,\"changedScenesOnly\":false}"
j 'b.result.clips.map(c=>"   "+c.sceneId+" "+c.durationSeconds+" s "+c.url).join("\n")'; echo

say "Avatar"
start_step generate-avatar '{"combinedPrompt":"A friendly woman in her twenties in a bright bathroom, natural morning light, looking into the camera","model":"google-imagen-4-ultra","aspectRatio":"9:16"}'
echo "   $(j 'b.result.variations.length') variations"

say "Choose avatar 1 with If-Match"
s=$(api GET "/api/projects/$PROJECT"); expect "$s" 200 "GET project"
ETAG="$(hdr etag)"; STALE="\"$(( $(j b.version) - 1 ))\""
s=$(api PATCH "/api/projects/$PROJECT" '{"selectedAvatar":1}' -H "If-Match: $STALE"); expect "$s" 412 "PATCH with a stale If-Match"
echo "   If-Match $STALE: 412 $(j b.reason), current ETag $(hdr etag)"
s=$(api PATCH "/api/projects/$PROJECT" '{"selectedAvatar":1}' -H "If-Match: $ETAG"); expect "$s" 200 "PATCH selectedAvatar"
echo "   If-Match $ETAG: 200, new ETag $(hdr etag), selected $(j b.assets.avatar.selected)"

say "Avatar holding the product (optional step)"
PNG="$(node -e '
const zlib=require("zlib");const w=256,h=256;const raw=Buffer.alloc((w*3+1)*h);
for(let y=0;y<h;y++){raw[y*(w*3+1)]=0;for(let x=0;x<w;x++){const o=y*(w*3+1)+1+x*3;const inB=x>96&&x<160&&y>40&&y<230;raw[o]=inB?240:250;raw[o+1]=inB?170:245;raw[o+2]=inB?60:235;}}
const crcT=[];for(let n=0;n<256;n++){let c=n;for(let k=0;k<8;k++)c=c&1?0xedb88320^(c>>>1):c>>>1;crcT[n]=c>>>0}
const crc=b=>{let c=0xffffffff;for(const x of b)c=crcT[(c^x)&255]^(c>>>8);return (c^0xffffffff)>>>0};
const chunk=(t,d)=>{const l=Buffer.alloc(4);l.writeUInt32BE(d.length);const td=Buffer.concat([Buffer.from(t),d]);const c=Buffer.alloc(4);c.writeUInt32BE(crc(td));return Buffer.concat([l,td,c])};
const ihdr=Buffer.alloc(13);ihdr.writeUInt32BE(w,0);ihdr.writeUInt32BE(h,4);ihdr[8]=8;ihdr[9]=2;
process.stdout.write("data:image/png;base64,"+Buffer.concat([Buffer.from([137,80,78,71,13,10,26,10]),chunk("IHDR",ihdr),chunk("IDAT",zlib.deflateSync(raw)),chunk("IEND",Buffer.alloc(0))]).toString("base64"))')"
start_step generate-avatar-product "{\"productImage\":\"$PNG\",\"interactionPrompt\":\"She holds the bottle beside her cheek and smiles\",\"aspectRatio\":\"9:16\"}"
s=$(api GET "/api/projects/$PROJECT"); expect "$s" 200 "GET project"
s=$(api PUT "/api/projects/$PROJECT" '{"assets":{"avatar_product":{"selected":0}}}' -H "If-Match: $(hdr etag)")
expect "$s" 200 "PUT avatar_product.selected"; echo "   variation 0 chosen, ETag $(hdr etag)"

say "Scene videos"
QUALITY=standard
s=$(api POST "/api/projects/$PROJECT/generate-omni-videos" '{"quality":"high","model":"omni-human"}' -H 'Prefer: respond-async')
if [ "$s" = 402 ]; then echo "   high on $PLAN: 402 $(j b.reason): $(j b.error)"; else
  [ "$s" = 202 ] || die "generate-omni-videos high: HTTP $s"; QUALITY=high; wait_job "$(hdr location)"; fi
if [ "$QUALITY" = standard ]; then start_step generate-omni-videos '{"quality":"standard","model":"omni-human"}'; fi
echo "   $(j 'b.result.videos.length') scene videos, quality $(j b.result.quality), watermark $(j b.result.watermark)"

say "Final video"
start_step create-final-video "{\"sceneOrder\":$SCENES,\"transition\":\"fade\",\"captions\":false}"
FINAL="$(j b.result.final.url)"; echo "   $FINAL ($(j b.result.final.durationSeconds) s)"

say "Download"
s=$(curl -sS -D "$T/h" -o "$OUT" -w '%{http_code}' -H "$AUTH" "$BASE_URL$FINAL?download")
if [ "$s" = 200 ]; then
  echo "   ?download: 200, $(hdr content-disposition)"
else
  cp "$OUT" "$T/b"; rm -f "$OUT"
  echo "   ?download: $s $(j b.reason): $(j b.error)"
  s=$(curl -sS -D "$T/h" -o "$OUT" -w '%{http_code}' -H "$AUTH" "$BASE_URL$FINAL"); expect "$s" 200 "GET $FINAL"
  echo "   the player's URL (inline, as the preview plays it): 200 $(hdr content-type)"
fi
echo "   saved $OUT ($(wc -c < "$OUT") bytes)"
if command -v ffprobe >/dev/null; then
  ffprobe -v error -show_entries format=duration:stream=codec_type,codec_name,width,height -of compact "$OUT" | sed 's/^/   /'
fi

say "Lists (none of the customer lists pages today)"
s=$(api GET /api/projects); expect "$s" 200 "GET /api/projects"; echo "   GET /api/projects: a bare array of $(j b.length)"

if [ -n "${COOKIE:-}" ]; then
  say "Webhook events (signatures verified by the receiver)"
  for _ in $(seq 1 30); do [ "$(wc -l < "$T/events")" -ge 5 ] && break; sleep 1; done
  node -e 'for (const l of require("fs").readFileSync(process.argv[1],"utf8").trim().split("\n")) { const e=JSON.parse(l); console.log("   "+e.id+" "+e.type+" "+e.data.kind+" "+e.data.status) }' "$T/events"
  [ "$(wc -l < "$T/events")" -ge 5 ] || die "expected 5 verified events"
  s=$(api GET /api/webhooks/deliveries); expect "$s" 200 "deliveries"
  echo "   GET /api/webhooks/deliveries: $(j b.length) attempts, answers $(j '[...new Set(b.map(d=>d.statusCode))]')"
  s=$(curl -sS -X DELETE -o /dev/null -w '%{http_code}' -H "Cookie: $COOKIE" "$BASE_URL/api/webhooks/$HOOK_ID")
  echo "   DELETE /api/webhooks/$HOOK_ID with the session: $s"
fi

say "Done: $OUT"
