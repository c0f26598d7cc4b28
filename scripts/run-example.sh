#!/bin/sh
# run-example.sh: the main job on the bundled example. Sets up and builds
# cucpu, translates examples/reduce.cu (showing part of the translated
# source), builds it into a CPU program with cucpu as nvcc would, and runs it.
set -eu
cd "$(dirname "$0")/.."
sh scripts/setup.sh
mkdir -p build/example
echo "== cucpu --emit-source examples/reduce.cu -o build/example/reduce.cpu.cpp"
./build/cucpu --emit-source examples/reduce.cu -o build/example/reduce.cpu.cpp
sed -n '/^void block_sums/,/^#line/p' build/example/reduce.cpu.cpp | grep -v '^#line' | head -60
echo "== cucpu examples/reduce.cu -o build/example/reduce"
./build/cucpu examples/reduce.cu -o build/example/reduce
echo "== ./build/example/reduce"
./build/example/reduce
