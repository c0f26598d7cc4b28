# CMake generated Testfile for 
# Source directory: /work/wt-merge/tests/report
# Build directory: /work/wt-merge/build-m/tests/report
# 
# This file includes the relevant testing commands required for 
# testing this directory and lists subdirectories to be tested as well.
add_test([=[report.merge]=] "sh" "/work/wt-merge/tests/report/report_test.sh" "/work/wt-merge/build-m/cucpu" "/work/wt-merge/tests/report" "/work/wt-merge/tests" "/work/wt-merge/build-m/tests/report/merge" "merge")
set_tests_properties([=[report.merge]=] PROPERTIES  SKIP_RETURN_CODE "77" TIMEOUT "180" _BACKTRACE_TRIPLES "/work/wt-merge/tests/report/CMakeLists.txt;5;add_test;/work/wt-merge/tests/report/CMakeLists.txt;0;")
add_test([=[report.failed]=] "sh" "/work/wt-merge/tests/report/report_test.sh" "/work/wt-merge/build-m/cucpu" "/work/wt-merge/tests/report" "/work/wt-merge/tests" "/work/wt-merge/build-m/tests/report/failed" "failed")
set_tests_properties([=[report.failed]=] PROPERTIES  SKIP_RETURN_CODE "77" TIMEOUT "180" _BACKTRACE_TRIPLES "/work/wt-merge/tests/report/CMakeLists.txt;5;add_test;/work/wt-merge/tests/report/CMakeLists.txt;0;")
add_test([=[report.vectorized]=] "sh" "/work/wt-merge/tests/report/report_test.sh" "/work/wt-merge/build-m/cucpu" "/work/wt-merge/tests/report" "/work/wt-merge/tests" "/work/wt-merge/build-m/tests/report/vectorized" "vectorized")
set_tests_properties([=[report.vectorized]=] PROPERTIES  SKIP_RETURN_CODE "77" TIMEOUT "180" _BACKTRACE_TRIPLES "/work/wt-merge/tests/report/CMakeLists.txt;5;add_test;/work/wt-merge/tests/report/CMakeLists.txt;0;")
add_test([=[report.html]=] "sh" "/work/wt-merge/tests/report/report_test.sh" "/work/wt-merge/build-m/cucpu" "/work/wt-merge/tests/report" "/work/wt-merge/tests" "/work/wt-merge/build-m/tests/report/html" "html")
set_tests_properties([=[report.html]=] PROPERTIES  SKIP_RETURN_CODE "77" TIMEOUT "180" _BACKTRACE_TRIPLES "/work/wt-merge/tests/report/CMakeLists.txt;5;add_test;/work/wt-merge/tests/report/CMakeLists.txt;0;")
add_test([=[report.browser]=] "sh" "/work/wt-merge/tests/report/report_test.sh" "/work/wt-merge/build-m/cucpu" "/work/wt-merge/tests/report" "/work/wt-merge/tests" "/work/wt-merge/build-m/tests/report/browser" "browser")
set_tests_properties([=[report.browser]=] PROPERTIES  SKIP_RETURN_CODE "77" TIMEOUT "180" _BACKTRACE_TRIPLES "/work/wt-merge/tests/report/CMakeLists.txt;5;add_test;/work/wt-merge/tests/report/CMakeLists.txt;0;")
