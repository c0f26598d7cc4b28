# CMake generated Testfile for 
# Source directory: /work/wt-merge/tests/cmake
# Build directory: /work/wt-merge/build-m/tests/cmake
# 
# This file includes the relevant testing commands required for 
# testing this directory and lists subdirectories to be tested as well.
add_test([=[cmake.lib_app]=] "sh" "/work/wt-merge/tests/cmake/cmake_test.sh" "/work/wt-merge/build-m/cucpu" "/work/wt-merge/tests/cmake" "/work/wt-merge/build-m/tests/cmake/lib_app" "lib_app")
set_tests_properties([=[cmake.lib_app]=] PROPERTIES  TIMEOUT "300" _BACKTRACE_TRIPLES "/work/wt-merge/tests/cmake/CMakeLists.txt;6;add_test;/work/wt-merge/tests/cmake/CMakeLists.txt;0;")
add_test([=[cmake.separable]=] "sh" "/work/wt-merge/tests/cmake/cmake_test.sh" "/work/wt-merge/build-m/cucpu" "/work/wt-merge/tests/cmake" "/work/wt-merge/build-m/tests/cmake/separable" "separable")
set_tests_properties([=[cmake.separable]=] PROPERTIES  TIMEOUT "300" _BACKTRACE_TRIPLES "/work/wt-merge/tests/cmake/CMakeLists.txt;6;add_test;/work/wt-merge/tests/cmake/CMakeLists.txt;0;")
add_test([=[cmake.mixed]=] "sh" "/work/wt-merge/tests/cmake/cmake_test.sh" "/work/wt-merge/build-m/cucpu" "/work/wt-merge/tests/cmake" "/work/wt-merge/build-m/tests/cmake/mixed" "mixed")
set_tests_properties([=[cmake.mixed]=] PROPERTIES  TIMEOUT "300" _BACKTRACE_TRIPLES "/work/wt-merge/tests/cmake/CMakeLists.txt;6;add_test;/work/wt-merge/tests/cmake/CMakeLists.txt;0;")
add_test([=[cmake.legacy]=] "sh" "/work/wt-merge/tests/cmake/cmake_test.sh" "/work/wt-merge/build-m/cucpu" "/work/wt-merge/tests/cmake" "/work/wt-merge/build-m/tests/cmake/legacy" "legacy")
set_tests_properties([=[cmake.legacy]=] PROPERTIES  TIMEOUT "300" _BACKTRACE_TRIPLES "/work/wt-merge/tests/cmake/CMakeLists.txt;6;add_test;/work/wt-merge/tests/cmake/CMakeLists.txt;0;")
