# CMake generated Testfile for 
# Source directory: /work/wt-merge/tests/passes
# Build directory: /work/wt-merge/build-m/tests/passes
# 
# This file includes the relevant testing commands required for 
# testing this directory and lists subdirectories to be tested as well.
add_test([=[passes.vectorize]=] "sh" "-c" "'/work/wt-merge/build-m/cucpu' -O3 -Xcompiler -fopt-info-vec-optimized '/work/wt-merge/tests/passes/saxpy_vec.cu' -o '/work/wt-merge/build-m/tests/passes/saxpy_vec' 2>&1 | grep -E 'saxpy_vec.cu:1[01]:[0-9]+: optimized: loop vectorized' && '/work/wt-merge/build-m/tests/passes/saxpy_vec'")
set_tests_properties([=[passes.vectorize]=] PROPERTIES  LABELS "passes" PASS_REGULAR_EXPRESSION "PASS" _BACKTRACE_TRIPLES "/work/wt-merge/tests/passes/CMakeLists.txt;12;add_test;/work/wt-merge/tests/passes/CMakeLists.txt;0;")
add_test([=[passes.vectorize_guard]=] "sh" "-c" "'/work/wt-merge/build-m/cucpu' -O2 -Xcompiler -fopt-info-vec-optimized '/work/wt-merge/tests/passes/saxpy_guard_vec.cu' -o '/work/wt-merge/build-m/tests/passes/saxpy_guard_vec' 2>&1 | grep -E 'saxpy_guard_vec.cu:1[01]:[0-9]+: optimized: loop vectorized' && '/work/wt-merge/build-m/tests/passes/saxpy_guard_vec'")
set_tests_properties([=[passes.vectorize_guard]=] PROPERTIES  LABELS "passes" PASS_REGULAR_EXPRESSION "PASS" _BACKTRACE_TRIPLES "/work/wt-merge/tests/passes/CMakeLists.txt;16;add_test;/work/wt-merge/tests/passes/CMakeLists.txt;0;")
add_test([=[passes.licm_linear]=] "sh" "/work/wt-merge/tests/passes/licm_linear.sh" "/work/wt-merge/build-m/cucpu" "/work/wt-merge/tests/passes/normalize.cu" "/work/wt-merge/build-m/tests/passes/licm")
set_tests_properties([=[passes.licm_linear]=] PROPERTIES  LABELS "passes" PASS_REGULAR_EXPRESSION "PASS" TIMEOUT "300" _BACKTRACE_TRIPLES "/work/wt-merge/tests/passes/CMakeLists.txt;19;add_test;/work/wt-merge/tests/passes/CMakeLists.txt;0;")
add_test([=[passes.report]=] "sh" "/work/wt-merge/tests/passes/report_check.sh" "/work/wt-merge/build-m/cucpu" "/work/wt-merge/tests/ir/recompute_mincut.cu" "/work/wt-merge/build-m/tests/passes/report.json")
set_tests_properties([=[passes.report]=] PROPERTIES  LABELS "passes" PASS_REGULAR_EXPRESSION "PASS" _BACKTRACE_TRIPLES "/work/wt-merge/tests/passes/CMakeLists.txt;21;add_test;/work/wt-merge/tests/passes/CMakeLists.txt;0;")
add_test([=[passes.report_distinct]=] "sh" "/work/wt-merge/tests/passes/report_distinct.sh" "/work/wt-merge/build-m/cucpu" "/work/wt-merge/tests/ir/barrier_elim_launch_distinct.cu" "/work/wt-merge/tests/ir/barrier_elim_launch_alias.cu" "/work/wt-merge/build-m/tests/passes/report_distinct.json")
set_tests_properties([=[passes.report_distinct]=] PROPERTIES  LABELS "passes" PASS_REGULAR_EXPRESSION "PASS" _BACKTRACE_TRIPLES "/work/wt-merge/tests/passes/CMakeLists.txt;23;add_test;/work/wt-merge/tests/passes/CMakeLists.txt;0;")
