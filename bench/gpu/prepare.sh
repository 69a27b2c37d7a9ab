#!/bin/sh
# prepare.sh REPOS — every bundle of the next device call, made and checked
# on the build machine (bench/gpu/README.md, "The one call"), so that a
# session lent a GPU spends its minutes there, not here.  What it makes is
# what the open rows of issue 71 wait on:
#   kernels-O3           Rodinia dwt2d's six kernels at -O3 (bench/public's
#                        rows; device-measured.tsv takes their times)
#   kernels-pipeline-O2  bench/pipeline's kernels its report lists worse
#   kernels-pipeline-O3  (per-space copies, a clone's by-value functor)
#   faiss                faiss's selection kernels (faiss.py)
#   bundle               HeCBench programs built whole (whole.py): the
#                        held-out attention-paged at head size 192, kalman,
#                        ssm and the programs whose machine code differs
# Needs the CUDA toolkit (nvcc, ptxas, static cudart), build/ made (its
# plugin is the one timed: do not rebuild while this runs) and REPOS as
# bench/public takes it (zjin-lcf+HeCBench, yuhc+gpu-rodinia,
# facebookresearch+faiss).  About 30 minutes on two cores.  Ends with the
# device call to make, or exits 1 naming the step that failed.
set -u
REPOS=${1:?usage: prepare.sh REPOS}
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
cd "$ROOT" || exit 1
W=bench/gpu/work
step() { echo "prepare.sh: $*"; }
fail() { echo "prepare.sh: $* failed" >&2; exit 1; }

P2=pipeline.gemv_f32,pipeline.gemv_f64,pipeline.gemv_f32_global,pipeline.axpy_f32,pipeline.axpy_f64,pipeline.axpy_i32,pipeline.nbody,pipeline.records
P3=pipeline.gemv_f32,pipeline.gemv_f64,pipeline.axpy_f32,pipeline.nbody
DWT=rodinia.fdwt97,rodinia.rdwt53,rodinia.fdwt97_128x6,rodinia.fdwt97_64x6,rodinia.rdwt53_128x8,rodinia.rdwt53_64x8

step "dwt2d at -O3"
python3 bench/gpu/gpu.py --repos "$REPOS" --opt O3 --work $W/kernels-build-O3 \
  --bundle $W/kernels-O3 --kernels $DWT || fail "gpu.py --opt O3"
step "bench/pipeline's kernels"
python3 bench/gpu/gpu.py --pipeline --kernels $P2 --work $W/kernels-build-pipeline-O2 \
  --bundle $W/kernels-pipeline-O2 || fail "gpu.py --pipeline"
python3 bench/gpu/gpu.py --pipeline --opt O3 --kernels $P3 --work $W/kernels-build-pipeline-O3 \
  --bundle $W/kernels-pipeline-O3 || fail "gpu.py --pipeline --opt O3"
step "faiss"
python3 bench/gpu/faiss.py "$REPOS" || fail "faiss.py"
step "HeCBench programs built whole"
python3 bench/gpu/whole.py "$REPOS" --extra 'attention-paged-cuda=8 32 192 4096 128 100' \
  --extra kalman-cuda --extra ssm-cuda --timeout 8 --measured bench/gpu/whole-runs.tsv -j 2 \
  || fail "whole.py"
step "dry runs"
for b in kernels-O3 kernels-pipeline-O2 kernels-pipeline-O3; do
  sh $W/$b/run.sh --dry "${TMPDIR:-/tmp}/gasp-dry-$b" | tail -1
done
sh $W/bundle/run.sh --dry | tail -1
du -sm $W/kernels-O3 $W/kernels-pipeline-O2 $W/kernels-pipeline-O3 $W/faiss $W/bundle | \
  awk '{ s += $1 } END { printf "prepare.sh: %d MiB to carry (the device entry takes 64)\n", s;
                        if (s > 60) exit 1 }' || fail "the size check"
cat <<'EOF'
prepare.sh: ready.  Check `status` (can_start_another), then:
run(command="sh bench/gpu/device.sh $OUT 280 230",
    carry=["bench/gpu/work/kernels-O3", "bench/gpu/work/kernels-pipeline-O2",
           "bench/gpu/work/kernels-pipeline-O3", "bench/gpu/work/faiss", "bench/gpu/work/bundle"],
    timeout_s=590)
and read: tar xzf FILES_AT/gpu.tgz -C /tmp/gpu; gpu.py --results /tmp/gpu/kernels-O3 --bundle
bench/gpu/work/kernels-O3 --out bench/gpu/gpu-dwt2d-O3.md; gpu.py --results
/tmp/gpu/kernels-pipeline-O2 --bundle bench/gpu/work/kernels-pipeline-O2 --out
bench/gpu/gpu-pipeline-O2.md (and -O3); faiss.py --results /tmp/gpu/faiss; whole.py --results
/tmp/gpu/whole --record bench/gpu/whole-runs.tsv.
EOF
