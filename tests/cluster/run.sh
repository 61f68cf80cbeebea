#!/usr/bin/env bash
# make test-cluster (issue 67): src/cli/README.md's recipes for a sweep across
# machines, run as the README writes them, on the real engines:
#   - GNU parallel on one machine; then a part lost and a part cut short,
#     named by the merge and redone by the recipe's own --todo line;
#   - GNU parallel across hosts (--basefile, --return, --cleanup) to an ssh
#     login on this machine (an sshd on 127.0.0.1 that this script starts);
#   - a Slurm array job on a one-node cluster (munged, slurmctld, slurmd,
#     configured under build/cluster and stopped at the end): one task
#     cancelled while pending, one failed on purpose and one part cut short;
#     the merge names them, the README's redo line completes the set.
# Each ends equal, byte for byte, to one whole `sweep --csv`. The only edits
# to the recipes' text: the Slurm recipe's SHARED= line and the hosts
# recipe's HOSTS= line get this machine's folder and login.
#   bash tests/cluster/run.sh [BUILD]   (BUILD: build/, with native/flocklab)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "${1:-$root/build}" && pwd)
flocklab=$build/native/flocklab
work=$build/cluster
began=$(date +%s)
passed=0 failed=0 redone=0
rm -rf "$work"
mkdir -p "$work"

ok() { passed=$((passed + 1)); echo "ok - $1"; }
not_ok() { failed=$((failed + 1)); echo "not ok - $1"; }
expect() {  # expect DESCRIPTION COMMAND...: ok when the command succeeds
  local what=$1; shift
  if "$@"; then ok "$what"; else not_ok "$what"; fi
}
# The sh block after "<!-- recipe: NAME -->" in src/cli/README.md.
recipe() {
  awk -v name="$1" '$0 == "<!-- recipe: " name " -->" { f = 1; next }
    f == 1 && /^```/ { f = 2; next } f == 2 && /^```/ { exit } f == 2 { print }' "$root/src/cli/README.md"
}
# A folder laid out as the recipes expect of a checkout: the binary at
# build/native/flocklab and the recipes at src/cli/recipes.
checkout() {
  mkdir -p "$1/build/native" "$1/src/cli"
  cp "$flocklab" "$1/build/native/flocklab"
  cp -r "$root/src/cli/recipes" "$1/src/cli/"
}
# Waits for a condition, polled every second (the state it needs, not a
# delay); a backstop far above the work ends it with the reason.
until_true() {  # until_true WHAT BACKSTOP_S COMMAND...
  local what=$1 most=$2; shift 2
  local t=0
  until "$@"; do
    t=$((t + 1))
    if [ $t -ge "$most" ]; then echo "# gave up after ${most} s waiting for $what"; return 1; fi
    sleep 1
  done
}
cut_in_half() { head -c $(($(stat -c %s "$1") / 2)) "$1" > "$1.tmp" && mv "$1.tmp" "$1"; }

# The sweep the recipes plan, run whole: what every merge must equal.
sweep_options=$(recipe parallel | sed -n 's/.*flocklab plan \(.*\) --shards .*/\1/p')
[ -n "$sweep_options" ] || { echo "the README's parallel recipe has no plan line"; exit 1; }
# shellcheck disable=SC2086
"$flocklab" sweep $sweep_options --csv > "$work/whole.csv"
runs=$(($(wc -l < "$work/whole.csv") - 1))

# --- GNU parallel on one machine --------------------------------------------
one=$work/parallel
checkout "$one"
expect "parallel: the README's recipe runs as written" bash -euo pipefail -c "cd '$one' && $(recipe parallel)"
expect "parallel: the merge equals one whole sweep, byte for byte" cmp -s "$one/sweep.csv" "$work/whole.csv"
shards=$(sed -n 's/^shards //p' "$one/sweep.plan")
rm "$one/parts/part-3.csv" "$one/sweep.csv"
cut_in_half "$one/parts/part-5.csv"
said=$(cd "$one" && build/native/flocklab merge sweep.plan parts --out sweep.csv 2>&1) && not_ok "parallel: a merge with a part lost and one cut exits 1" \
  || ok "parallel: a merge with a part lost and one cut exits 1"
expect "parallel: the merge names shards 3 and 5 to redo" grep -q "to redo: shards 3,5 (2 of $shards)" <<< "$said"
expect "parallel: it writes nothing" test ! -e "$one/sweep.csv"
redo_line=$(recipe parallel | grep -- '--todo |')
expect "parallel: the recipe's --todo line redoes them" bash -euo pipefail -c "cd '$one' && $redo_line && build/native/flocklab merge sweep.plan parts --out sweep.csv"
expect "parallel: the merge after the redo equals one whole sweep" cmp -s "$one/sweep.csv" "$work/whole.csv"
redone=$((redone + 2))

# --- GNU parallel across hosts, through ssh to this machine -----------------
hosts=$work/parallel-hosts
ssh_dir=$work/ssh
checkout "$hosts"
mkdir -p "$ssh_dir" /run/sshd
ssh-keygen -q -t ed25519 -N '' -f "$ssh_dir/host_key"
ssh-keygen -q -t ed25519 -N '' -f "$ssh_dir/key"
cp "$ssh_dir/key.pub" "$ssh_dir/authorized_keys"
ssh_port=$((20000 + RANDOM % 20000))
cat > "$ssh_dir/sshd_config" <<CONF
Port $ssh_port
ListenAddress 127.0.0.1
HostKey $ssh_dir/host_key
AuthorizedKeysFile $ssh_dir/authorized_keys
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
PidFile $ssh_dir/sshd.pid
CONF
stop_all() {
  for pid in "$ssh_dir/sshd.pid" "$work/slurm/slurmd.pid" "$work/slurm/slurmctld.pid" "$work/slurm/munge/munged.pid"; do
    [ -f "$pid" ] && kill "$(cat "$pid")" 2>/dev/null || true
  done
}
trap stop_all EXIT
/usr/sbin/sshd -f "$ssh_dir/sshd_config"
export PARALLEL_SSH="ssh -p $ssh_port -i $ssh_dir/key -o BatchMode=yes -o StrictHostKeyChecking=no -o UserKnownHostsFile=$ssh_dir/known_hosts"
remote_home=$(getent passwd root | cut -d: -f6)
login=root@127.0.0.1
until_true "sshd to take a login" 60 $PARALLEL_SSH "$login" true
# The files --basefile sends land in the login's home: none may be there before.
sent=("$remote_home/sweep.plan" "$remote_home/build/native/flocklab")
for f in "${sent[@]}"; do [ ! -e "$f" ] || { echo "# $f exists already; the hosts recipe would overwrite it"; exit 1; }; done
(cd "$hosts" && $(recipe parallel | grep 'flocklab plan') 2>/dev/null)
expect "parallel -S: the README's recipe runs as written" \
  bash -euo pipefail -c "cd '$hosts' && $(recipe parallel-hosts | sed "s/^HOSTS=.*/HOSTS=$login/")"
expect "parallel -S: the parts came back, and the merge equals one whole sweep" cmp -s "$hosts/sweep.csv" "$work/whole.csv"
left=0
for f in "${sent[@]}" "$remote_home"/part-*.csv; do [ ! -e "$f" ] || left=$((left + 1)); done
expect "parallel -S: --cleanup left nothing on the host" test "$left" = 0

# --- Slurm: an array job on a one-node cluster ------------------------------
cluster=$work/slurm
mkdir -p "$cluster/state" "$cluster/spool" "$cluster/munge"
chmod 711 "$cluster/munge"
head -c 1024 /dev/urandom > "$cluster/munge/munge.key"
chmod 600 "$cluster/munge/munge.key"
munged -f --key-file="$cluster/munge/munge.key" --socket="$cluster/munge/munge.sock" --pid-file="$cluster/munge/munged.pid" \
  --log-file="$cluster/munge/munged.log" --seed-file="$cluster/munge/munged.seed"
node=$(hostname)
slurm_port=$((20000 + RANDOM % 20000))
cat > "$cluster/slurm.conf" <<CONF
ClusterName=flocklab
SlurmctldHost=$node(127.0.0.1)
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
AuthInfo=socket=$cluster/munge/munge.sock
CredType=cred/munge
StateSaveLocation=$cluster/state
SlurmdSpoolDir=$cluster/spool
SlurmctldPidFile=$cluster/slurmctld.pid
SlurmdPidFile=$cluster/slurmd.pid
SlurmctldLogFile=$cluster/slurmctld.log
SlurmdLogFile=$cluster/slurmd.log
SlurmctldPort=$slurm_port
SlurmdPort=$((slurm_port + 1))
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
MinJobAge=3600
MpiDefault=none
NodeName=$node NodeAddr=127.0.0.1 CPUs=$(nproc) State=UNKNOWN
PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF=$cluster/slurm.conf
slurmctld -f "$SLURM_CONF"
slurmd -f "$SLURM_CONF"
until_true "the node to be idle" 120 sh -c 'sinfo -h -o %t | grep -qx idle'
job_done() { [ -z "$(squeue -h -j "$1" 2>/dev/null)" ]; }
state_of() { scontrol show job "$1" -o | sed -n 's/.* JobState=\([A-Z_]*\) .*/\1/p' | head -n 1; }

submit=$work/slurm-checkout
checkout "$submit"
shared=$work/shared
# Held as submitted (sbatch reads SBATCH_HOLD), so that one task can be
# cancelled while pending and another made to fail before any runs.
said=$(cd "$submit" && SBATCH_HOLD=1 bash -euo pipefail -c "$(recipe slurm-submit | sed "s|^SHARED=.*|SHARED=$shared|")")
job=$(sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' <<< "$said")
expect "slurm: the README's submit recipe submits an array job" test -n "$job"
expect "slurm: task 4 is cancelled while pending" scancel "${job}_4"
mkdir "$shared/parts/part-6.csv"  # task 6 cannot write its part: it fails
scontrol release "$job"
until_true "the array job to end" 900 job_done "$job"
# A task cancelled while pending leaves no record once the job ends: that it
# never ran is seen in the folder (no part, no output file of its own).
expect "slurm: task 4 never ran" test ! -e "$shared/parts/part-4.csv" -a -z "$(ls "$shared"/parts/slurm-*_4.out 2>/dev/null)"
expect "slurm: task 6 failed" test "$(state_of "${job}_6")" = FAILED
cut_in_half "$shared/parts/part-2.csv"  # as a node lost mid-task leaves it
said=$(cd "$shared" && bash -c "$(recipe slurm-merge)" 2>&1) && not_ok "slurm: the README's merge exits 1 while shards are missing" \
  || ok "slurm: the README's merge exits 1 while shards are missing"
expect "slurm: the merge names the cut, the cancelled and the failed shards" grep -q "to redo: shards 2,4,6 (3 of $shards)" <<< "$said"
expect "slurm: it names the cut part" grep -q "part-2.csv' (shard 2) is cut short" <<< "$said"
rmdir "$shared/parts/part-6.csv"
said=$(cd "$shared" && bash -euo pipefail -c "$(recipe slurm-redo)")
job=$(sed -n 's/^Submitted batch job \([0-9]*\)$/\1/p' <<< "$said")
expect "slurm: the README's redo recipe submits the three" test -n "$job"
until_true "the redo to end" 900 job_done "$job"
expect "slurm: the README's merge is whole after the redo" bash -c "cd '$shared' && $(recipe slurm-merge)"
expect "slurm: the merge equals one whole sweep, byte for byte" cmp -s "$shared/sweep.csv" "$work/whole.csv"
redone=$((redone + 3))

echo "# test-cluster: $runs runs in $shards shards, each recipe; $redone shards redone; $(($(date +%s) - began)) s"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
