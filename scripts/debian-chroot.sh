#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Runs a command on another Debian release, in a chroot made with debootstrap
# from a Debian mirror (the one this machine's apt uses): how edfast is built
# and tested on Debian 13 (trixie, OpenSSL 3.5, JDK 21), forky (OpenSSL 3.6)
# and sid with experimental's OpenSSL 4.0 from any Debian machine.  Run as root.
#
#   bash scripts/debian-chroot.sh RELEASE [COMMAND...]
#
# RELEASE is a Debian suite (trixie, forky, sid), or sid-openssl4: sid with
# openssl and libssl-dev from experimental (OpenSSL 4.0), as a user trying
# Debian's next OpenSSL would install them.
#
# bare-RELEASE (bare-bookworm, bare-trixie, bare-sid-openssl4, ...) is a
# user's machine instead of a developer's: minbase with the release's JRE
# (default-jre-headless) and openssl command and nothing of edfast's, no
# compiler, no tree.  COMMAND (required) runs in /opt/edfast-stage, a copy of
# the folder EDFAST_CHROOT_STAGE names (what the caller brings: jars, a
# tarball, a script), made anew each run.
#
# RELEASE-arm64 or RELEASE-s390x (bare-bookworm-arm64, ...) is that release
# for another architecture, every program in it run by qemu-user: the kernel
# starts the emulator for each (binfmt_misc; registered here from the
# qemu-user package's binfmt.d entry when it is not, with its F flag, so the
# chroot needs no copy of qemu).  debootstrap's second stage runs in the
# chroot, under qemu.
#
# COMMAND runs in a copy of this tree at /src/<this folder's name> inside the
# chroot (so two checkouts can use one chroot), with ../shared (when present)
# copied beside it at /src/shared, as on a fresh machine.  It defaults to the
# host part of the README's test command (EDFAST_TEST_PLATFORMS=host bash
# scripts/test.sh: the whole suite on that release) and then the Debian package
# test (scripts/deb-test.sh).
#
# The chroot is kept in EDFAST_CHROOT_CACHE (default /var/cache/edfast), outside
# the clone, and reused while it is valid: complete (a stamp written once
# debootstrap succeeded) and younger than EDFAST_CHROOT_MAX_DAYS (14) days, so
# that its release is current.  Otherwise it is made anew: a minbase system
# with git and ca-certificates, as a new user's machine would start.  What the
# command installs (scripts/install-deps.sh) stays in it for the next run.
# Build directories in the copy are kept between runs of the same tree.
#
# The chroot gets its own mount namespace (unshare -m): /proc, /sys and /dev
# are mounted for the command and vanish with it.  Its /dev holds the host's
# null, zero, full, random, urandom and tty each bound on its own, so that
# nothing run inside can remove or replace the host's (a part of CI that ran
# after something replaced /dev/null read junk from OPENSSL_CONF=/dev/null).  Inside, apt ignores the
# Release file's Valid-Until (forky's may be past it); the host's apt is not
# touched.
set -euo pipefail
cd "$(dirname "$0")/.."
src=$(pwd)

release=${1:?usage: debian-chroot.sh RELEASE [COMMAND...]}
shift
[ $# -gt 0 ] || case $release in
  bare-*) ;;
  *) set -- bash -c 'EDFAST_TEST_PLATFORMS=host bash scripts/test.sh && bash scripts/deb-test.sh build' ;;
esac
if [ "$(id -u)" -ne 0 ]; then
  echo "debian-chroot: needs root (debootstrap, chroot, mounts)" >&2
  exit 1
fi
# The mirror: EDFAST_DEBIAN_MIRROR, else the Debian archive this machine's apt
# uses (apt_debian_mirror); with neither, making a chroot stops and says so.
#
# apt_debian_mirror CODENAME [FILE...] prints the URI of the first Debian
# archive in FILEs (default: /etc/apt/sources.list, then
# /etc/apt/sources.list.d/*.list and *.sources by name, apt's order): a
# one-line `deb [options] URI SUITE ...` (*.list) or a deb822 stanza
# (*.sources) with Types: deb, not Enabled: no, whose URIs' first is taken,
# and whose suite (one of Suites:) is a Debian release: CODENAME (this
# machine's, when it is Debian) or sid, unstable, testing, stable, oldstable,
# oldoldstable, experimental.  Suites with a dash (-updates, -security,
# -backports) and other vendors' suites do not count.  Prints nothing when
# there is none.
apt_debian_mirror() {
  local codename=$1 files=() f
  shift
  if [ $# -gt 0 ]; then
    files=("$@")
  else
    [ -f /etc/apt/sources.list ] && files+=(/etc/apt/sources.list)
    for f in /etc/apt/sources.list.d/*; do
      case $f in *.list | *.sources) [ -f "$f" ] && files+=("$f") ;; esac
    done
  fi
  [ ${#files[@]} -gt 0 ] || return 0
  awk -v codename="$codename" '
    function debian_suite(s) {
      sub(/\/$/, "", s)
      return s != "" && s !~ /-/ && (s == codename ||
        s ~ /^(sid|unstable|testing|stable|oldstable|oldoldstable|experimental)$/)
    }
    function usable_uri(u) { return u ~ /^(https?|ftp|file):/ }
    function found(u) { sub(/\/+$/, "", u); print u; done = 1; exit }
    # A deb822 stanza, once it has ended.
    function stanza_end(   n, i, uri, suites) {
      if (types != "" && (" " types " ") ~ /[ \t]deb[ \t]/ && tolower(enabled) != "no") {
        sub(/^[ \t]+/, "", uris)
        split(uris, uri, /[ \t]+/)
        n = split(suites_field, suites, /[ \t]+/)
        for (i = 1; i <= n; i++)
          if (debian_suite(suites[i]) && usable_uri(uri[1]))
            found(uri[1])
      }
      types = uris = suites_field = enabled = key = ""
    }
    FNR == 1 { if (deb822) stanza_end(); deb822 = FILENAME ~ /\.sources$/ }
    !deb822 {
      sub(/#.*/, "")
      if ($1 != "deb") next
      i = 2
      if ($i ~ /^\[/) { while (i <= NF && $i !~ /\]$/) i++; i++ }
      if (usable_uri($i) && debian_suite($(i + 1))) found($i)
      next
    }
    /^#/ { next }
    /^[ \t]*$/ { stanza_end(); next }
    /^[ \t]/ { # a folded line continues the field before it
      v = $0; sub(/^[ \t]+/, "", v)
      if (key == "types") types = types " " v
      else if (key == "uris") uris = uris " " v
      else if (key == "suites") suites_field = suites_field " " v
      next
    }
    {
      key = tolower($0); sub(/:.*/, "", key)
      v = $0; sub(/^[^:]*:[ \t]*/, "", v); sub(/[ \t]+$/, "", v)
      if (key == "types") types = v
      else if (key == "uris") uris = v
      else if (key == "suites") suites_field = v
      else if (key == "enabled") enabled = v
    }
    END { if (!done && deb822) stanza_end() }
  ' "${files[@]}"
}
host_codename=$(. /etc/os-release 2>/dev/null && [ "${ID:-}" = debian ] && echo "${VERSION_CODENAME:-}") || true
mirror=${EDFAST_DEBIAN_MIRROR:-$(apt_debian_mirror "$host_codename" || true)}
cache=${EDFAST_CHROOT_CACHE:-/var/cache/edfast}
max_days=${EDFAST_CHROOT_MAX_DAYS:-14}
root=$cache/$release
stamp=$root/.edfast-chroot-ready
bare=
case "$release" in
  bare-*) bare=1 ;;
esac
# The chroot's architecture (debarch) and qemu's name for it, empty for this
# machine's; the release without its architecture.
debarch=
distribution=$release
case "$release" in
  *-arm64) debarch=arm64 qemu_arch=aarch64 distribution=${release%-arm64} ;;
  *-s390x) debarch=s390x qemu_arch=s390x distribution=${release%-s390x} ;;
esac
case "${distribution#bare-}" in
  sid-openssl4)
    suite=sid
    from_experimental=openssl
    [ -n "$bare" ] || from_experimental="openssl libssl-dev"
    ;;
  *) suite=${distribution#bare-}; from_experimental= ;;
esac
if [ -n "$bare" ]; then
  [ $# -gt 0 ] || { echo "debian-chroot: $release needs a command" >&2; exit 2; }
  stage=${EDFAST_CHROOT_STAGE:?debian-chroot: $release needs EDFAST_CHROOT_STAGE}
  extra="default-jre-headless openssl"
  include=ca-certificates
else
  extra=
  include=ca-certificates,git
fi

if ! command -v debootstrap >/dev/null 2>&1; then
  bash scripts/install-deps.sh debootstrap
fi

# Makes the kernel run the chroot's $qemu_arch programs through qemu-user
# (a no-op where that is registered already), or says why it cannot.
foreign_programs_run() {
  local binfmt=/proc/sys/fs/binfmt_misc entry
  bash scripts/install-deps.sh 'qemu-user-static|qemu-user' >/dev/null
  if [ ! -e "$binfmt/register" ]; then
    mount -t binfmt_misc binfmt_misc "$binfmt" ||
      { echo "debian-chroot: cannot mount binfmt_misc to run $debarch programs" >&2; return 1; }
  fi
  [ -e "$binfmt/qemu-$qemu_arch" ] && return 0
  entry=/usr/lib/binfmt.d/qemu-$qemu_arch.conf
  [ -f "$entry" ] || { echo "debian-chroot: the qemu-user package left no $entry" >&2; return 1; }
  # The package's interpreter path takes the F flag's open here, at
  # registration, outside any chroot.
  sed -n '/^:/p' "$entry" >"$binfmt/register" ||
    { echo "debian-chroot: the kernel refused $entry's binfmt_misc entry" >&2; return 1; }
  echo "debian-chroot: registered qemu-$qemu_arch with binfmt_misc"
}
if [ -n "$debarch" ]; then
  foreign_programs_run || exit 1
fi

if [ -f "$stamp" ] && [ -z "$(find "$stamp" -mtime +"$max_days")" ]; then
  echo "debian-chroot: reusing $root ($(cat "$stamp"))"
else
  if [ -z "$mirror" ]; then
    echo "debian-chroot: no Debian archive in this machine's apt sources" \
      "(/etc/apt/sources.list, /etc/apt/sources.list.d/*.list, *.sources);" \
      "set EDFAST_DEBIAN_MIRROR to a Debian mirror's URI" >&2
    exit 1
  fi
  echo "debian-chroot: making a $release chroot in $root from $mirror"
  rm -rf "$root"
  mkdir -p "$cache"
  # An older debootstrap has no script for a newer release: sid's serves.
  script=/usr/share/debootstrap/scripts/$suite
  [ -e "$script" ] || script=/usr/share/debootstrap/scripts/sid
  log=$cache/$release-debootstrap.log
  foreign=()
  [ -z "$debarch" ] || foreign=(--arch="$debarch" --foreign)
  debootstrap --variant=minbase --include="$include" "${foreign[@]}" \
    "$suite" "$root" "$mirror" "$script" >"$log" 2>&1 || {
      tail -n 20 "$log" >&2
      echo "debian-chroot: debootstrap $release failed" >&2
      exit 1
    }
  if [ -n "$debarch" ]; then
    # (The second stage mounts /proc in the chroot: in a namespace of its own.)
    unshare -m -- sh -c 'mount --make-rprivate / && exec chroot "$1" /debootstrap/debootstrap --second-stage' \
      sh "$root" >>"$log" 2>&1 || {
        tail -n 20 "$log" >&2
        echo "debian-chroot: debootstrap's second stage of $release, under qemu-$qemu_arch, failed" >&2
        exit 1
      }
  fi
  echo 'Acquire::Check-Valid-Until "false";' >"$root/etc/apt/apt.conf.d/99edfast-valid-until"
  if [ -n "$from_experimental" ]; then
    echo "deb $mirror experimental main" >"$root/etc/apt/sources.list.d/experimental.list"
    cp /etc/resolv.conf "$root/etc/resolv.conf"
    chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive \
      sh -c "apt-get update && apt-get install -y --no-install-recommends -t experimental $from_experimental" \
      >>"$log" 2>&1 || {
        tail -n 20 "$log" >&2
        echo "debian-chroot: installing $from_experimental from experimental failed" >&2
        exit 1
      }
  fi
  if [ -n "$extra" ]; then
    # (The JRE's configuration runs java, which needs /proc.)
    cp /etc/resolv.conf "$root/etc/resolv.conf"
    unshare -m -- sh -c 'mount --make-rprivate / && mount -t proc proc "$1/proc" && shift && exec chroot "$@"' \
      sh "$root" "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive \
      sh -c "apt-get update && apt-get install -y --no-install-recommends $extra && apt-get clean" \
      >>"$log" 2>&1 || {
        tail -n 20 "$log" >&2
        echo "debian-chroot: installing $extra failed" >&2
        exit 1
      }
  fi
  echo "$release, made $(date -u +%Y-%m-%dT%H:%MZ)" >"$stamp"
fi
cp /etc/resolv.conf "$root/etc/resolv.conf"

# A bare chroot gets the caller's stage, anew.  Otherwise: a fresh copy of
# the tree (what git tracks, plus files it does not ignore), keeping earlier
# build directories.  It is unpacked beside the copy; a file of the copy is
# replaced only where its content differs, and then takes the time of the
# copying: the file's own time can be older than a build made in the chroot
# from its earlier content, and make would not rebuild it.
if [ -n "$bare" ]; then
  work=/opt/edfast-stage
  rm -rf "${root:?}$work" && mkdir -p "$root$work"
  cp -a "$stage"/. "$root$work/"
else
  work=/src/$(basename "$src")
  staging=$root/src/.staging
  rm -rf "$staging" && mkdir -p "$staging" "$root$work"
  if git -C "$src" rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    git -C "$src" ls-files -z --cached --others --exclude-standard |
      tar -C "$src" --null -T - -cf - | tar -C "$staging" -xf -
  else
    tar -C "$src" --exclude='./build*' -cf - . | tar -C "$staging" -xf -
  fi
  (cd "$root$work" && find . -path './build*' -prune -o -type f -print0) |
    while IFS= read -r -d '' file; do
      [ -e "$staging/$file" ] || rm -f "$root$work/$file"
    done
  (cd "$staging" && find . -type f -print0) |
    while IFS= read -r -d '' file; do
      if ! cmp -s "$staging/$file" "$root$work/$file"; then
        mkdir -p "$(dirname "$root$work/$file")"
        cp --preserve=mode "$staging/$file" "$root$work/$file"
      fi
    done
  rm -rf "$staging"
  if [ -d "$src/../shared" ] && ! diff -rq "$src/../shared" "$root/src/shared" >/dev/null 2>&1; then
    rm -rf "$root/src/shared"
    cp -a "$src/../shared" "$root/src/shared"
  fi
fi

quoted=$(printf '%q ' "$@")
exec unshare -m -- bash -c '
  set -e
  root=$1
  mount --make-rprivate /
  mount -t proc proc "$root/proc"
  mount -t sysfs sys "$root/sys"
  # A /dev of its own: a tmpfs holding the host'"'"'s device nodes bound one by
  # one.  Removing or renaming one inside then fails (a mount point) instead
  # of going through to the host'"'"'s /dev, as it would through a bound /dev.
  mount -t tmpfs -o mode=755 devtmp "$root/dev"
  for node in null zero full random urandom tty; do
    touch "$root/dev/$node"
    mount --bind "/dev/$node" "$root/dev/$node"
  done
  mkdir "$root/dev/pts" "$root/dev/shm"
  mount -t devpts -o newinstance,ptmxmode=0666 devpts "$root/dev/pts"
  mount -t tmpfs -o mode=1777 shm "$root/dev/shm"
  ln -s pts/ptmx "$root/dev/ptmx"
  ln -s /proc/self/fd "$root/dev/fd"
  for fd in 0:stdin 1:stdout 2:stderr; do ln -s "/proc/self/fd/${fd%%:*}" "$root/dev/${fd#*:}"; done
  mount -t tmpfs tmpfs "$root/tmp"
  exec chroot "$root" /usr/bin/env -i PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin \
    HOME=/root LANG=C.UTF-8 CI="${CI:-}" \
    /bin/bash -c "cd $2 && $0"
' "$quoted" "$root" "$work"
