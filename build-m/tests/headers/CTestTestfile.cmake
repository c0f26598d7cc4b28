# CMake generated Testfile for 
# Source directory: /work/wt-merge/tests/headers
# Build directory: /work/wt-merge/build-m/tests/headers
# 
# This file includes the relevant testing commands required for 
# testing this directory and lists subdirectories to be tested as well.
add_test([=[headers.toolkit_names]=] "sh" "/work/wt-merge/tests/headers/headers_test.sh" "/work/wt-merge/build-m/cucpu" "/work/wt-merge" "/work/wt-merge/build-m/tests/headers/toolkit_names" "toolkit_names")
set_tests_properties([=[headers.toolkit_names]=] PROPERTIES  LABELS "headers" TIMEOUT "120" _BACKTRACE_TRIPLES "/work/wt-merge/tests/headers/CMakeLists.txt;8;add_test;/work/wt-merge/tests/headers/CMakeLists.txt;0;")
add_test([=[headers.unsupported]=] "sh" "/work/wt-merge/tests/headers/headers_test.sh" "/work/wt-merge/build-m/cucpu" "/work/wt-merge" "/work/wt-merge/build-m/tests/headers/unsupported" "unsupported")
set_tests_properties([=[headers.unsupported]=] PROPERTIES  LABELS "headers" TIMEOUT "120" _BACKTRACE_TRIPLES "/work/wt-merge/tests/headers/CMakeLists.txt;8;add_test;/work/wt-merge/tests/headers/CMakeLists.txt;0;")
add_test([=[headers.no_fallback]=] "sh" "/work/wt-merge/tests/headers/headers_test.sh" "/work/wt-merge/build-m/cucpu" "/work/wt-merge" "/work/wt-merge/build-m/tests/headers/no_fallback" "no_fallback")
set_tests_properties([=[headers.no_fallback]=] PROPERTIES  LABELS "headers" TIMEOUT "120" _BACKTRACE_TRIPLES "/work/wt-merge/tests/headers/CMakeLists.txt;8;add_test;/work/wt-merge/tests/headers/CMakeLists.txt;0;")
add_test([=[headers.internal_headers]=] "sh" "/work/wt-merge/tests/headers/headers_test.sh" "/work/wt-merge/build-m/cucpu" "/work/wt-merge" "/work/wt-merge/build-m/tests/headers/internal_headers" "internal_headers")
set_tests_properties([=[headers.internal_headers]=] PROPERTIES  LABELS "headers" TIMEOUT "120" _BACKTRACE_TRIPLES "/work/wt-merge/tests/headers/CMakeLists.txt;8;add_test;/work/wt-merge/tests/headers/CMakeLists.txt;0;")
add_test([=[headers.openmp_requested]=] "sh" "/work/wt-merge/tests/headers/headers_test.sh" "/work/wt-merge/build-m/cucpu" "/work/wt-merge" "/work/wt-merge/build-m/tests/headers/openmp_requested" "openmp_requested")
set_tests_properties([=[headers.openmp_requested]=] PROPERTIES  LABELS "headers" TIMEOUT "120" _BACKTRACE_TRIPLES "/work/wt-merge/tests/headers/CMakeLists.txt;8;add_test;/work/wt-merge/tests/headers/CMakeLists.txt;0;")
add_test([=[headers.cpp_macros]=] "sh" "/work/wt-merge/tests/headers/headers_test.sh" "/work/wt-merge/build-m/cucpu" "/work/wt-merge" "/work/wt-merge/build-m/tests/headers/cpp_macros" "cpp_macros")
set_tests_properties([=[headers.cpp_macros]=] PROPERTIES  LABELS "headers" TIMEOUT "120" _BACKTRACE_TRIPLES "/work/wt-merge/tests/headers/CMakeLists.txt;8;add_test;/work/wt-merge/tests/headers/CMakeLists.txt;0;")
add_test([=[headers.host_view]=] "sh" "/work/wt-merge/tests/headers/headers_test.sh" "/work/wt-merge/build-m/cucpu" "/work/wt-merge" "/work/wt-merge/build-m/tests/headers/host_view" "host_view")
set_tests_properties([=[headers.host_view]=] PROPERTIES  LABELS "headers" TIMEOUT "120" _BACKTRACE_TRIPLES "/work/wt-merge/tests/headers/CMakeLists.txt;8;add_test;/work/wt-merge/tests/headers/CMakeLists.txt;0;")
add_test([=[headers.arch]=] "sh" "/work/wt-merge/tests/headers/headers_test.sh" "/work/wt-merge/build-m/cucpu" "/work/wt-merge" "/work/wt-merge/build-m/tests/headers/arch" "arch")
set_tests_properties([=[headers.arch]=] PROPERTIES  LABELS "headers" TIMEOUT "120" _BACKTRACE_TRIPLES "/work/wt-merge/tests/headers/CMakeLists.txt;8;add_test;/work/wt-merge/tests/headers/CMakeLists.txt;0;")
add_test([=[headers.arch_overloads]=] "sh" "/work/wt-merge/tests/headers/headers_test.sh" "/work/wt-merge/build-m/cucpu" "/work/wt-merge" "/work/wt-merge/build-m/tests/headers/arch_overloads" "arch_overloads")
set_tests_properties([=[headers.arch_overloads]=] PROPERTIES  LABELS "headers" TIMEOUT "120" _BACKTRACE_TRIPLES "/work/wt-merge/tests/headers/CMakeLists.txt;8;add_test;/work/wt-merge/tests/headers/CMakeLists.txt;0;")
add_test([=[headers.half_types]=] "sh" "/work/wt-merge/tests/headers/headers_test.sh" "/work/wt-merge/build-m/cucpu" "/work/wt-merge" "/work/wt-merge/build-m/tests/headers/half_types" "half_types")
set_tests_properties([=[headers.half_types]=] PROPERTIES  LABELS "headers" TIMEOUT "120" _BACKTRACE_TRIPLES "/work/wt-merge/tests/headers/CMakeLists.txt;8;add_test;/work/wt-merge/tests/headers/CMakeLists.txt;0;")
add_test([=[headers.bf16_fma]=] "sh" "/work/wt-merge/tests/headers/headers_test.sh" "/work/wt-merge/build-m/cucpu" "/work/wt-merge" "/work/wt-merge/build-m/tests/headers/bf16_fma" "bf16_fma")
set_tests_properties([=[headers.bf16_fma]=] PROPERTIES  LABELS "headers" TIMEOUT "120" _BACKTRACE_TRIPLES "/work/wt-merge/tests/headers/CMakeLists.txt;8;add_test;/work/wt-merge/tests/headers/CMakeLists.txt;0;")
add_test([=[headers.gl_interop]=] "sh" "/work/wt-merge/tests/headers/headers_test.sh" "/work/wt-merge/build-m/cucpu" "/work/wt-merge" "/work/wt-merge/build-m/tests/headers/gl_interop" "gl_interop")
set_tests_properties([=[headers.gl_interop]=] PROPERTIES  LABELS "headers" TIMEOUT "120" _BACKTRACE_TRIPLES "/work/wt-merge/tests/headers/CMakeLists.txt;8;add_test;/work/wt-merge/tests/headers/CMakeLists.txt;0;")
