# CMake generated Testfile for 
# Source directory: /work/wt-merge/tests/sanitize
# Build directory: /work/wt-merge/build-m/tests/sanitize
# 
# This file includes the relevant testing commands required for 
# testing this directory and lists subdirectories to be tested as well.
add_test([=[sanitize.translator]=] "sh" "/work/wt-merge/tests/sanitize/run.sh" "/work/wt-merge" "/work/wt-merge/build-m/tests/sanitize/build")
set_tests_properties([=[sanitize.translator]=] PROPERTIES  COST "1000" LABELS "sanitize" TIMEOUT "900" _BACKTRACE_TRIPLES "/work/wt-merge/tests/sanitize/CMakeLists.txt;3;add_test;/work/wt-merge/tests/sanitize/CMakeLists.txt;0;")
