#!/usr/bin/env bash
# A real S3 server for tests: Ceph's RADOS Gateway (Debian's radosgw) with one monitor and one
# OSD, all on 127.0.0.1, all state in one folder of its own.
#
#   scripts/s3-server.sh start [DIR]   install if missing (apt-get, as root), start, wait until S3
#                                      answers, create a user; print the environment to use
#                                      (also written to DIR/env)
#   scripts/s3-server.sh env [DIR]     print that environment again (fails when not running)
#   scripts/s3-server.sh stop [DIR]    stop radosgw, the OSD and the monitor; remove DIR
#
# DIR (a new or empty folder, or one this script made) defaults to $S3_DIR, else
# <temp dir>/apparel-order-form-s3. Settings (environment):
#   S3_PORT (7480)           the S3 endpoint, http://127.0.0.1:S3_PORT
#   S3_MON_PORT (3300)       the monitor
#   S3_OSD_PORT_MIN (6800)   the OSD binds a few ports from S3_OSD_PORT_MIN to S3_OSD_PORT_MIN+99
#   S3_ACCESS_KEY, S3_SECRET_KEY   the test user's keys (fixed defaults: this is a test server)
#   S3_START_TIMEOUT (90)    seconds for each step of the start before it gives up
#   S3_INSTALL (1)           0: never install Ceph; fail (and skip) when it is missing
# When it cannot start, `start` prints one line saying why (on stderr) and exits non-zero; stdout
# then holds nothing, so callers can skip what needs S3.
set -uo pipefail

cmd=${1:-}
dir=${2:-${S3_DIR:-${TMPDIR:-/tmp}/apparel-order-form-s3}}
port=${S3_PORT:-7480}
mon_port=${S3_MON_PORT:-3300}
osd_min=${S3_OSD_PORT_MIN:-6800}
access_key=${S3_ACCESS_KEY:-apparel-test-access}
secret_key=${S3_SECRET_KEY:-apparel-test-secret-key}
step_timeout=${S3_START_TIMEOUT:-90}
conf=$dir/ceph.conf
started_at=$SECONDS

fail() {
  echo "s3-server: $*" >&2
  exit 1
}

pid_alive() { # pid file
  [[ -s $1 ]] && kill -0 "$(cat "$1")" 2>/dev/null
}

port_busy() { # port
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

ours() { # is $dir a folder this script made?
  [[ -f $dir/.s3-server ]]
}

stop_daemons() {
  local name pid
  for name in client.rgw.a osd.0 mon.a; do
    [[ -s $dir/run/$name.pid ]] || continue
    pid=$(cat "$dir/run/$name.pid")
    # Only a process started with this folder's ceph.conf: a stale pid file may name another one.
    tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -qF -- "$conf" || continue
    kill "$pid" 2>/dev/null || continue
    for _ in $(seq 1 50); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.2
    done
    kill -9 "$pid" 2>/dev/null || true
  done
}

print_env() {
  cat "$dir/env"
}

# Wait up to step_timeout seconds for a command to succeed.
wait_for() {
  local deadline=$((SECONDS + step_timeout))
  until "$@" >/dev/null 2>&1; do
    ((SECONDS < deadline)) || return 1
    sleep 0.5
  done
}

osd_up() {
  timeout 10 ceph -c "$conf" osd stat 2>/dev/null | grep -q ' 1 up'
}

s3_answers() {
  curl -fsS -o /dev/null --max-time 2 "http://127.0.0.1:$port/"
}

start() {
  if ours && pid_alive "$dir/run/client.rgw.a.pid" && [[ -s $dir/env ]]; then
    print_env
    return 0
  fi

  local missing=()
  for bin in radosgw radosgw-admin ceph-mon ceph-osd ceph ceph-authtool monmaptool uuidgen curl; do
    command -v "$bin" >/dev/null || missing+=("$bin")
  done
  if ((${#missing[@]})); then
    if [[ ${S3_INSTALL:-1} == 0 || $(id -u) != 0 ]] || ! command -v apt-get >/dev/null; then
      fail "cannot start: ${missing[*]} missing; install them with: sudo apt-get install -y --no-install-recommends radosgw ceph-mon ceph-osd ceph-common uuid-runtime curl"
    fi
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      radosgw ceph-mon ceph-osd ceph-common uuid-runtime curl; } >"${TMPDIR:-/tmp}/s3-server-apt.log" 2>&1 ||
      fail "cannot start: apt-get could not install Ceph (see ${TMPDIR:-/tmp}/s3-server-apt.log)"
  fi

  local p
  for p in "$port" "$mon_port"; do
    port_busy "$p" && fail "cannot start: port $p on 127.0.0.1 is already in use (set S3_PORT / S3_MON_PORT)"
  done

  if [[ -e $dir ]] && [[ -n $(ls -A "$dir" 2>/dev/null) || ! -d $dir ]]; then
    ours || fail "cannot start: $dir exists, is not empty and was not made by this script"
    stop_daemons
    rm -rf "$dir"
  fi
  mkdir -p "$dir"/{run,log,mon.a,osd.0,rgw} || fail "cannot start: cannot create $dir"
  touch "$dir/.s3-server"

  local fsid osd_uuid osd_id
  fsid=$(uuidgen)
  osd_uuid=$(uuidgen)
  cat >"$conf" <<EOF
[global]
fsid = $fsid
mon host = v2:127.0.0.1:$mon_port
mon initial members = a
public network = 127.0.0.0/8
auth cluster required = none
auth service required = none
auth client required = none
run dir = $dir/run
pid file = $dir/run/\$name.pid
admin socket = $dir/run/\$name.asok
log file = $dir/log/\$name.log
keyring = $dir/keyring
mon data = $dir/mon.\$id
osd data = $dir/osd.\$id
ms bind port min = $osd_min
ms bind port max = $((osd_min + 99))
osd pool default size = 1
osd pool default min size = 1
osd pool default pg num = 8
osd pool default pgp num = 8
osd pool default pg autoscale mode = off
osd crush chooseleaf type = 0
mon allow pool size one = true
mon warn on pool no redundancy = false
mon max pg per osd = 1000
mon data avail warn = 1
mon data avail crit = 0

[osd]
osd objectstore = bluestore
# Outside the OSD's folder: inside it, mkfs fails with "Too many levels of symbolic links".
bluestore block path = $dir/block.\$id
bluestore block create = true
# A sparse file: 20 GiB at most, only what is written takes disk space (bench/adoption.mjs
# writes a few GiB per run).
bluestore block size = 21474836480
bluestore fsck on mkfs = false
osd memory target = 1073741824

[client.rgw.a]
rgw frontends = beast endpoint=127.0.0.1:$port
rgw data = $dir/rgw
# Deleted objects' data is freed within a minute, not after two hours: tests and benchmarks
# write and delete gigabytes on a small disk.
rgw gc obj min wait = 0
rgw gc processor period = 30
EOF
  export CEPH_CONF=$conf

  # Interrupted half-way: stop what was started.
  trap 'stop_daemons; exit 130' INT TERM

  ceph-authtool --create-keyring "$dir/keyring" --gen-key -n mon. --cap mon 'allow *' >/dev/null 2>&1 &&
    monmaptool --create --fsid "$fsid" --addv a "[v2:127.0.0.1:$mon_port]" "$dir/monmap" >/dev/null 2>&1 &&
    ceph-mon -c "$conf" --mkfs -i a --monmap "$dir/monmap" --keyring "$dir/keyring" >"$dir/log/mkfs-mon.log" 2>&1 &&
    ceph-mon -c "$conf" -i a >>"$dir/log/mkfs-mon.log" 2>&1 ||
    { stop_daemons; fail "cannot start: the Ceph monitor did not start (see $dir/log)"; }

  osd_id=$(timeout "$step_timeout" ceph -c "$conf" osd new "$osd_uuid" 2>>"$dir/log/mkfs-osd.log") &&
    [[ $osd_id == 0 ]] &&
    ceph-osd -c "$conf" -i "$osd_id" --mkfs --osd-uuid "$osd_uuid" >>"$dir/log/mkfs-osd.log" 2>&1 &&
    ceph-osd -c "$conf" -i "$osd_id" >>"$dir/log/mkfs-osd.log" 2>&1 &&
    wait_for osd_up ||
    { stop_daemons; fail "cannot start: the Ceph OSD did not come up (see $dir/log)"; }

  # Pacific's radosgw insists on cephx (and hangs for 300 s) without these two flags.
  radosgw -c "$conf" -n client.rgw.a --auth-client-required none --ms-mon-client-mode crc \
    >"$dir/log/radosgw.out" 2>&1 &&
    wait_for s3_answers ||
    { stop_daemons; fail "cannot start: radosgw did not answer on 127.0.0.1:$port (see $dir/log)"; }

  timeout "$step_timeout" radosgw-admin -c "$conf" -n client.admin user create --uid test --display-name test \
    --access-key "$access_key" --secret-key "$secret_key" >"$dir/log/user.json" 2>&1 ||
    { stop_daemons; fail "cannot start: radosgw-admin could not create the test user (see $dir/log/user.json)"; }
  trap - INT TERM

  cat >"$dir/env" <<EOF
AWS_ENDPOINT_URL_S3=http://127.0.0.1:$port
AWS_ACCESS_KEY_ID=$access_key
AWS_SECRET_ACCESS_KEY=$secret_key
AWS_REGION=us-east-1
EOF
  print_env
  echo "s3-server: Ceph RGW answering on http://127.0.0.1:$port after $((SECONDS - started_at)) s (folder $dir)" >&2
}

stop() {
  [[ -e $dir ]] || return 0
  if [[ -d $dir && -z $(ls -A "$dir") ]]; then rmdir "$dir"; return 0; fi
  ours || fail "not stopping: $dir was not made by this script"
  stop_daemons
  rm -rf "$dir"
}

case $cmd in
  start) start ;;
  stop) stop ;;
  env)
    ours && pid_alive "$dir/run/client.rgw.a.pid" && [[ -s $dir/env ]] || fail "not running (no live radosgw in $dir)"
    print_env
    ;;
  *)
    echo "usage: $0 start|stop|env [DIR]" >&2
    exit 2
    ;;
esac
