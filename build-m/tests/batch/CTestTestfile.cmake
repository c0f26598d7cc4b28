# CMake generated Testfile for 
# Source directory: /work/wt-merge/tests/batch
# Build directory: /work/wt-merge/build-m/tests/batch
# 
# This file includes the relevant testing commands required for 
# testing this directory and lists subdirectories to be tested as well.
add_test([=[batch.plain]=] "sh" "/work/wt-merge/tests/batch/batch_test.sh" "/work/wt-merge/build-m/cucpu" "/work/wt-merge/tests/batch" "/work/wt-merge/build-m/tests/batch/plain" "plain")
set_tests_properties([=[batch.plain]=] PROPERTIES  SKIP_RETURN_CODE "77" TIMEOUT "120" _BACKTRACE_TRIPLES "/work/wt-merge/tests/batch/CMakeLists.txt;6;add_test;/work/wt-merge/tests/batch/CMakeLists.txt;0;")
add_test([=[batch.jobs]=] "sh" "/work/wt-merge/tests/batch/batch_test.sh" "/work/wt-merge/build-m/cucpu" "/work/wt-merge/tests/batch" "/work/wt-merge/build-m/tests/batch/jobs" "jobs")
set_tests_properties([=[batch.jobs]=] PROPERTIES  SKIP_RETURN_CODE "77" TIMEOUT "120" _BACKTRACE_TRIPLES "/work/wt-merge/tests/batch/CMakeLists.txt;6;add_test;/work/wt-merge/tests/batch/CMakeLists.txt;0;")
add_test([=[batch.extra_options]=] "sh" "/work/wt-merge/tests/batch/batch_test.sh" "/work/wt-merge/build-m/cucpu" "/work/wt-merge/tests/batch" "/work/wt-merge/build-m/tests/batch/extra_options" "extra_options")
set_tests_properties([=[batch.extra_options]=] PROPERTIES  SKIP_RETURN_CODE "77" TIMEOUT "120" _BACKTRACE_TRIPLES "/work/wt-merge/tests/batch/CMakeLists.txt;6;add_test;/work/wt-merge/tests/batch/CMakeLists.txt;0;")
add_test([=[batch.terminal]=] "sh" "/work/wt-merge/tests/batch/batch_test.sh" "/work/wt-merge/build-m/cucpu" "/work/wt-merge/tests/batch" "/work/wt-merge/build-m/tests/batch/terminal" "terminal")
set_tests_properties([=[batch.terminal]=] PROPERTIES  SKIP_RETURN_CODE "77" TIMEOUT "120" _BACKTRACE_TRIPLES "/work/wt-merge/tests/batch/CMakeLists.txt;6;add_test;/work/wt-merge/tests/batch/CMakeLists.txt;0;")
add_test([=[batch.bad_database]=] "sh" "/work/wt-merge/tests/batch/batch_test.sh" "/work/wt-merge/build-m/cucpu" "/work/wt-merge/tests/batch" "/work/wt-merge/build-m/tests/batch/bad_database" "bad_database")
set_tests_properties([=[batch.bad_database]=] PROPERTIES  SKIP_RETURN_CODE "77" TIMEOUT "120" _BACKTRACE_TRIPLES "/work/wt-merge/tests/batch/CMakeLists.txt;6;add_test;/work/wt-merge/tests/batch/CMakeLists.txt;0;")
add_test([=[batch.bear]=] "sh" "/work/wt-merge/tests/batch/batch_test.sh" "/work/wt-merge/build-m/cucpu" "/work/wt-merge/tests/batch" "/work/wt-merge/build-m/tests/batch/bear" "bear")
set_tests_properties([=[batch.bear]=] PROPERTIES  SKIP_RETURN_CODE "77" TIMEOUT "120" _BACKTRACE_TRIPLES "/work/wt-merge/tests/batch/CMakeLists.txt;6;add_test;/work/wt-merge/tests/batch/CMakeLists.txt;0;")
