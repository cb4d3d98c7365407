# Podman on a Debian machine without an image registry (sourced by scripts/container-reel after lib.sh):
# installs podman and podman-compose when missing, configures runc with cgroupfs, and makes the
# Debian base image locally with debootstrap. Every step is skipped when already done.

CONTAINERS_CONF=/etc/containers/containers.conf
BASE_IMAGE="${BASE_IMAGE:-localhost/debian:bookworm}"
# The machine's CA bundle, lent read-only to image builds for TLS to the npm registry (never baked in).
HOST_CA="${HOST_CA:-/etc/ssl/certs/ca-certificates.crt}"

ensure_podman() {
  if ! command -v podman >/dev/null || ! command -v podman-compose >/dev/null || ! command -v debootstrap >/dev/null || ! command -v runc >/dev/null; then
    [ "$(id -u)" = 0 ] || { echo "podman, runc, debootstrap and podman-compose are needed: install them first (as root)" >&2; exit 1; }
    log "installing podman, runc, debootstrap and podman-compose"
    export DEBIAN_FRONTEND=noninteractive
    apt-get -o DPkg::Lock::Timeout=600 update -qq >/dev/null
    apt-get -o DPkg::Lock::Timeout=600 install -y -qq podman runc debootstrap podman-compose >/dev/null
  fi
  # crun fails here on hybrid cgroups and on setrlimit: runc with cgroupfs, no default ulimits or pids limit.
  if ! grep -qs '^cgroup_manager = "cgroupfs"' "$CONTAINERS_CONF"; then
    log "configuring podman: runc, cgroupfs, no default ulimits ($CONTAINERS_CONF)"
    [ -e "$CONTAINERS_CONF" ] && cp "$CONTAINERS_CONF" "$CONTAINERS_CONF.before-reelsmith"
    mkdir -p "$(dirname "$CONTAINERS_CONF")"
    cat > "$CONTAINERS_CONF" <<'EOF'
# Written by Reelsmith's scripts/container-reel (the previous file, if any, is beside it as .before-reelsmith).
[containers]
default_ulimits = []
pids_limit = 0

[engine]
runtime = "runc"
cgroup_manager = "cgroupfs"
EOF
  fi
}

# The Debian base image, made here: no image registry is reachable from this machine.
ensure_base_image() {
  if podman image exists "$BASE_IMAGE"; then return; fi
  log "making the base image $BASE_IMAGE with debootstrap (about half a minute)"
  local rootfs
  rootfs="$(mktemp -d /var/tmp/reelsmith-rootfs.XXXXXX)"
  debootstrap --variant=minbase bookworm "$rootfs" http://deb.debian.org/debian >/dev/null
  # The same suites as the official image: security fixes and updates.
  cat > "$rootfs/etc/apt/sources.list" <<'EOF'
deb http://deb.debian.org/debian bookworm main
deb http://deb.debian.org/debian bookworm-updates main
deb http://deb.debian.org/debian-security bookworm-security main
EOF
  rm -rf "$rootfs/var/cache/apt/archives/"*.deb "$rootfs/var/lib/apt/lists/"*
  tar -C "$rootfs" -c . | podman import - "$BASE_IMAGE" >/dev/null
  rm -rf "$rootfs"
}

# build_image TAG [podman build args...]: builds from the repository's Containerfile on the local base.
# Docker's image format: the OCI format has no HEALTHCHECK.
build_image() {
  local tag="$1"; shift
  podman build --format docker --network host \
    --volume "$HOST_CA:/run/host-ca.pem:ro" --build-arg npm_config_cafile=/run/host-ca.pem \
    --build-arg BASE="$BASE_IMAGE" -f "$ROOT/Containerfile" -t "$tag" "$@" "$ROOT"
}
