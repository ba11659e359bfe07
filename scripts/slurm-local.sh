#!/usr/bin/env bash
# A one-node Slurm cluster on this machine, for the Slurm tests and for trying a sweep before a
# real cluster:
#
#   eval "$(bash scripts/slurm-local.sh start)"    # prints: export SLURM_CONF=... SLURM_LOCAL_DIR=...
#   lab run -m vocab=minimal,maybe_exts model=tool_follower hydra/launcher=slurm_lab \
#       hydra.launcher.cpus_per_task=1 hydra.launcher.mem_gb=1
#   bash scripts/slurm-local.sh status
#   bash scripts/slurm-local.sh stop
#
# start: installs Debian's slurm-wlm and munge when they are missing (root with apt-get only),
# writes a minimal config into a folder of its own (SLURM_LOCAL_DIR, default
# ${TMPDIR:-/tmp}/vocab-lab-slurm): its own munge key and socket, ProctrackType=proctrack/linuxproc,
# TaskPlugin=task/none (no cgroups), one node with this machine's hostname and CPUs, one partition,
# accounting disabled. It starts munged, slurmctld and slurmd as its own processes (pid files in
# that folder; every daemon runs under `nice -n ${SLURM_LOCAL_NICE:-10}`, and so do the jobs),
# and waits (at most SLURM_LOCAL_TIMEOUT s, default 60) until `sinfo` shows the node idle. Ports:
# the first free pair from 6817 (another cluster on this machine keeps its own), or
# SLURM_LOCAL_CTLD_PORT / SLURM_LOCAL_SLURMD_PORT. Started twice on one folder, it reuses it.
# stop: ends exactly the processes whose pid files it wrote (and nothing else), then removes the
# folder. Exit codes: 0 ok; 1 could not start (the reason on stderr); 3 cannot start here at all
# (not root, or no slurm and no apt-get): the tests skip on 3 and say why.
set -euo pipefail

DIR="${SLURM_LOCAL_DIR:-${TMPDIR:-/tmp}/vocab-lab-slurm}"
NICE="${SLURM_LOCAL_NICE:-10}"
TIMEOUT="${SLURM_LOCAL_TIMEOUT:-60}"
CTLD_PORT="${SLURM_LOCAL_CTLD_PORT:-}"        # empty: the first free of 6817, 6827, ...
SLURMD_PORT="${SLURM_LOCAL_SLURMD_PORT:-}"    # empty: the port after slurmctld's
DAEMONS=(slurmd slurmctld munged)          # stop order

say() { echo "[slurm-local] $*" >&2; }
die() { say "$1"; exit "${2:-1}"; }

# PATH for the daemons (Debian puts them in /usr/sbin, not on every user's PATH)
export PATH="$PATH:/usr/sbin:/sbin"

alive() {   # alive NAME: the pid in NAME.pid is running and is that daemon
    local f="$DIR/$1.pid" pid
    [[ -s "$f" ]] || return 1
    pid="$(cat "$f")"
    [[ "$pid" =~ ^[0-9]+$ ]] && kill -0 "$pid" 2>/dev/null &&
        grep -q "$1" "/proc/$pid/comm" 2>/dev/null
}

install_missing() {
    local need=()
    command -v slurmctld >/dev/null && command -v slurmd >/dev/null && command -v sbatch >/dev/null || need+=(slurm-wlm)
    command -v munged >/dev/null || need+=(munge)
    [[ ${#need[@]} -eq 0 ]] && return 0
    [[ "$(id -u)" -eq 0 ]] || die "cannot start: ${need[*]} missing and not root (apt-get install -y ${need[*]})" 3
    command -v apt-get >/dev/null || die "cannot start: ${need[*]} missing and no apt-get" 3
    say "installing ${need[*]} from Debian (once)"
    # no service of the packages is started (policy-rc.d says so in containers; we never ask for one)
    # a dpkg run killed earlier on this machine (another install stopped halfway) blocks every
    # apt-get install until it is finished: finish it first (nothing to do on a clean machine)
    DEBIAN_FRONTEND=noninteractive nice -n "$NICE" dpkg --configure -a >"$DIR/apt.log" 2>&1 || true
    DEBIAN_FRONTEND=noninteractive nice -n "$NICE" apt-get install -y -q "${need[@]}" >>"$DIR/apt.log" 2>&1 ||
        { DEBIAN_FRONTEND=noninteractive nice -n "$NICE" apt-get update -q >>"$DIR/apt.log" 2>&1 &&
          DEBIAN_FRONTEND=noninteractive nice -n "$NICE" apt-get install -y -q "${need[@]}" >>"$DIR/apt.log" 2>&1; } ||
        die "cannot start: apt-get install ${need[*]} failed (see $DIR/apt.log)"
}

port_busy() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

pick_ports() {   # another cluster on this machine (a developer's, CI's) keeps its ports
    local p
    if [[ -z "$CTLD_PORT" ]]; then
        for p in $(seq 6817 10 7807); do
            if ! port_busy "$p" && ! port_busy $((p + 1)); then CTLD_PORT=$p; break; fi
        done
        [[ -n "$CTLD_PORT" ]] || die "no free port pair between 6817 and 7808"
    fi
    [[ -n "$SLURMD_PORT" ]] || SLURMD_PORT=$((CTLD_PORT + 1))
}

write_config() {
    local host cpus mem_mb
    host="$(hostname -s)"
    cpus="$(nproc)"
    mem_mb=$(( $(awk '/MemTotal/ {print $2}' /proc/meminfo) / 1024 - 512 ))
    mkdir -p "$DIR/state" "$DIR/spool" "$DIR/log"
    cat >"$DIR/slurm.conf" <<EOF
# written by scripts/slurm-local.sh: a one-node cluster for tests (see the script)
ClusterName=vocablab
SlurmctldHost=$host
SlurmctldPort=$CTLD_PORT
SlurmdPort=$SLURMD_PORT
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$DIR/munge.socket
StateSaveLocation=$DIR/state
SlurmdSpoolDir=$DIR/spool
SlurmctldPidFile=$DIR/slurmctld.pid
SlurmdPidFile=$DIR/slurmd.pid
SlurmctldLogFile=$DIR/log/slurmctld.log
SlurmdLogFile=$DIR/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
SwitchType=switch/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
ReturnToService=2
# accounting disabled, as on many small clusters (no slurmdbd; sacct has nothing to say)
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
# limits are enforced at submission, so a wrong request is an sbatch error, not a job pending forever
EnforcePartLimits=ALL
SlurmctldTimeout=30
SlurmdTimeout=30
InactiveLimit=0
KillWait=5
MinJobAge=300
SlurmctldDebug=info
SlurmdDebug=info
NodeName=$host CPUs=$cpus RealMemory=$mem_mb State=UNKNOWN
PartitionName=local Nodes=$host Default=YES MaxTime=1440 State=UP
EOF
}

start_munged() {
    alive munged && return 0
    if [[ ! -s "$DIR/munge.key" ]]; then
        (umask 077; dd if=/dev/urandom of="$DIR/munge.key" bs=1024 count=1 status=none)
    fi
    chmod 0600 "$DIR/munge.key"
    # --force: the folder lives under /tmp (world-writable, sticky), which munged would refuse
    nice -n "$NICE" munged --force --key-file="$DIR/munge.key" --socket="$DIR/munge.socket" \
        --pid-file="$DIR/munged.pid" --log-file="$DIR/log/munged.log" --seed-file="$DIR/munge.seed" \
        || die "munged did not start (see $DIR/log/munged.log)"
}

start_daemon() {   # start_daemon NAME: slurmctld | slurmd, daemonized, pid file from slurm.conf
    alive "$1" && return 0
    # -f: our config; the daemons write their own pid files ($DIR/NAME.pid)
    if [[ "$1" == slurmctld ]]; then
        nice -n "$NICE" slurmctld -f "$DIR/slurm.conf" -i || die "slurmctld did not start (see $DIR/log/slurmctld.log)"
    else
        nice -n "$NICE" slurmd -f "$DIR/slurm.conf" || die "slurmd did not start (see $DIR/log/slurmd.log)"
    fi
    local i
    for i in $(seq 1 50); do alive "$1" && return 0; sleep 0.1; done
    die "$1 did not write $DIR/$1.pid (see $DIR/log/$1.log)"
}

wait_idle() {
    local end=$(( $(date +%s) + TIMEOUT )) state=""
    while (( $(date +%s) < end )); do
        state="$(SLURM_CONF="$DIR/slurm.conf" sinfo -h -N -o %t 2>/dev/null | head -1 || true)"
        case "$state" in
            idle|mix|alloc) return 0 ;;
            down*|drain*|fail*)   # a node left down from an earlier start: bring it back
                SLURM_CONF="$DIR/slurm.conf" scontrol update nodename="$(hostname -s)" state=resume 2>/dev/null || true ;;
        esac
        sleep 0.5
    done
    die "the node is not idle after ${TIMEOUT}s (sinfo: '${state:-no answer}'; logs in $DIR/log)"
}

cmd_start() {
    mkdir -p "$DIR"
    chmod 0700 "$DIR"
    if [[ "$(id -u)" -ne 0 ]]; then
        die "cannot start: a local cluster needs root (slurmd runs jobs as their users)" 3
    fi
    install_missing
    if alive slurmctld && alive slurmd && [[ -f "$DIR/slurm.conf" ]]; then
        say "already running from $DIR (its own start; 'stop' ends it)"
        echo "export SLURM_CONF=$DIR/slurm.conf SLURM_LOCAL_DIR=$DIR"
        return 0
    fi
    pick_ports
    write_config
    start_munged
    start_daemon slurmctld
    start_daemon slurmd
    wait_idle
    say "up: node $(hostname -s), $(nproc) CPUs, partition local, ports $CTLD_PORT/$SLURMD_PORT (logs in $DIR/log)"
    echo "export SLURM_CONF=$DIR/slurm.conf SLURM_LOCAL_DIR=$DIR"
}

cmd_stop() {
    local name pid i
    for name in "${DAEMONS[@]}"; do
        if alive "$name"; then
            pid="$(cat "$DIR/$name.pid")"
            kill -TERM "$pid" 2>/dev/null || true
            for i in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
            kill -0 "$pid" 2>/dev/null && { say "$name ($pid) still alive after 10 s: SIGKILL"; kill -KILL "$pid" 2>/dev/null || true; }
            say "stopped $name ($pid)"
        fi
        rm -f "$DIR/$name.pid"
    done
    # the folder goes only when it is ours (the config we wrote names this script)
    if grep -qs "written by scripts/slurm-local.sh" "$DIR/slurm.conf"; then rm -rf "$DIR"; fi
    return 0
}

cmd_status() {
    local name rc=0
    for name in munged slurmctld slurmd; do
        if alive "$name"; then echo "$name: running (pid $(cat "$DIR/$name.pid"))"
        else echo "$name: not running"; rc=1; fi
    done
    [[ -f "$DIR/slurm.conf" ]] && SLURM_CONF="$DIR/slurm.conf" sinfo 2>&1 || true
    [[ $rc -eq 0 ]] && echo "export SLURM_CONF=$DIR/slurm.conf SLURM_LOCAL_DIR=$DIR"
    return $rc
}

case "${1:-}" in
    start) cmd_start ;;
    stop) cmd_stop ;;
    status) cmd_status ;;
    *) echo "usage: $0 start|stop|status   (folder: \$SLURM_LOCAL_DIR, now $DIR)" >&2; exit 2 ;;
esac
