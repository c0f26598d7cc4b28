# CMake generated Testfile for 
# Source directory: /work/wt-merge/tests/legacy
# Build directory: /work/wt-merge/build-m/tests/legacy
# 
# This file includes the relevant testing commands required for 
# testing this directory and lists subdirectories to be tested as well.
add_test([=[legacy.build.symbol_names]=] "/work/wt-merge/build-m/cucpu" "/work/wt-merge/tests/legacy/symbol_names.cu" "-o" "/work/wt-merge/build-m/tests/legacy/symbol_names")
set_tests_properties([=[legacy.build.symbol_names]=] PROPERTIES  FIXTURES_SETUP "legacy_symbol_names" LABELS "legacy" TIMEOUT "120" _BACKTRACE_TRIPLES "/work/wt-merge/tests/legacy/CMakeLists.txt;15;add_test;/work/wt-merge/tests/legacy/CMakeLists.txt;0;")
add_test([=[legacy.t1.symbol_names]=] "/usr/bin/cmake" "-DPROGRAM=/work/wt-merge/build-m/tests/legacy/symbol_names" "-P" "/work/wt-merge/tests/legacy/../e2e/expect-pass.cmake")
set_tests_properties([=[legacy.t1.symbol_names]=] PROPERTIES  ENVIRONMENT "OMP_NUM_THREADS=1" FIXTURES_REQUIRED "legacy_symbol_names" LABELS "legacy" TIMEOUT "60" _BACKTRACE_TRIPLES "/work/wt-merge/tests/legacy/CMakeLists.txt;20;add_test;/work/wt-merge/tests/legacy/CMakeLists.txt;0;")
add_test([=[legacy.t2.symbol_names]=] "/usr/bin/cmake" "-DPROGRAM=/work/wt-merge/build-m/tests/legacy/symbol_names" "-P" "/work/wt-merge/tests/legacy/../e2e/expect-pass.cmake")
set_tests_properties([=[legacy.t2.symbol_names]=] PROPERTIES  ENVIRONMENT "OMP_NUM_THREADS=2" FIXTURES_REQUIRED "legacy_symbol_names" LABELS "legacy" TIMEOUT "60" _BACKTRACE_TRIPLES "/work/wt-merge/tests/legacy/CMakeLists.txt;20;add_test;/work/wt-merge/tests/legacy/CMakeLists.txt;0;")
add_test([=[legacy.build.texture_references]=] "/work/wt-merge/build-m/cucpu" "/work/wt-merge/tests/legacy/texture_references.cu" "-o" "/work/wt-merge/build-m/tests/legacy/texture_references")
set_tests_properties([=[legacy.build.texture_references]=] PROPERTIES  FIXTURES_SETUP "legacy_texture_references" LABELS "legacy" TIMEOUT "120" _BACKTRACE_TRIPLES "/work/wt-merge/tests/legacy/CMakeLists.txt;15;add_test;/work/wt-merge/tests/legacy/CMakeLists.txt;0;")
add_test([=[legacy.t1.texture_references]=] "/usr/bin/cmake" "-DPROGRAM=/work/wt-merge/build-m/tests/legacy/texture_references" "-P" "/work/wt-merge/tests/legacy/../e2e/expect-pass.cmake")
set_tests_properties([=[legacy.t1.texture_references]=] PROPERTIES  ENVIRONMENT "OMP_NUM_THREADS=1" FIXTURES_REQUIRED "legacy_texture_references" LABELS "legacy" TIMEOUT "60" _BACKTRACE_TRIPLES "/work/wt-merge/tests/legacy/CMakeLists.txt;20;add_test;/work/wt-merge/tests/legacy/CMakeLists.txt;0;")
add_test([=[legacy.t2.texture_references]=] "/usr/bin/cmake" "-DPROGRAM=/work/wt-merge/build-m/tests/legacy/texture_references" "-P" "/work/wt-merge/tests/legacy/../e2e/expect-pass.cmake")
set_tests_properties([=[legacy.t2.texture_references]=] PROPERTIES  ENVIRONMENT "OMP_NUM_THREADS=2" FIXTURES_REQUIRED "legacy_texture_references" LABELS "legacy" TIMEOUT "60" _BACKTRACE_TRIPLES "/work/wt-merge/tests/legacy/CMakeLists.txt;20;add_test;/work/wt-merge/tests/legacy/CMakeLists.txt;0;")
add_test([=[legacy.build.warp_unsynchronized]=] "/work/wt-merge/build-m/cucpu" "/work/wt-merge/tests/legacy/warp_unsynchronized.cu" "-o" "/work/wt-merge/build-m/tests/legacy/warp_unsynchronized")
set_tests_properties([=[legacy.build.warp_unsynchronized]=] PROPERTIES  FIXTURES_SETUP "legacy_warp_unsynchronized" LABELS "legacy" TIMEOUT "120" _BACKTRACE_TRIPLES "/work/wt-merge/tests/legacy/CMakeLists.txt;15;add_test;/work/wt-merge/tests/legacy/CMakeLists.txt;0;")
add_test([=[legacy.t1.warp_unsynchronized]=] "/usr/bin/cmake" "-DPROGRAM=/work/wt-merge/build-m/tests/legacy/warp_unsynchronized" "-P" "/work/wt-merge/tests/legacy/../e2e/expect-pass.cmake")
set_tests_properties([=[legacy.t1.warp_unsynchronized]=] PROPERTIES  ENVIRONMENT "OMP_NUM_THREADS=1" FIXTURES_REQUIRED "legacy_warp_unsynchronized" LABELS "legacy" TIMEOUT "60" _BACKTRACE_TRIPLES "/work/wt-merge/tests/legacy/CMakeLists.txt;20;add_test;/work/wt-merge/tests/legacy/CMakeLists.txt;0;")
add_test([=[legacy.t2.warp_unsynchronized]=] "/usr/bin/cmake" "-DPROGRAM=/work/wt-merge/build-m/tests/legacy/warp_unsynchronized" "-P" "/work/wt-merge/tests/legacy/../e2e/expect-pass.cmake")
set_tests_properties([=[legacy.t2.warp_unsynchronized]=] PROPERTIES  ENVIRONMENT "OMP_NUM_THREADS=2" FIXTURES_REQUIRED "legacy_warp_unsynchronized" LABELS "legacy" TIMEOUT "60" _BACKTRACE_TRIPLES "/work/wt-merge/tests/legacy/CMakeLists.txt;20;add_test;/work/wt-merge/tests/legacy/CMakeLists.txt;0;")
