# CMake generated Testfile for 
# Source directory: /work/wt-merge/tests/profile
# Build directory: /work/wt-merge/build-m/tests/profile
# 
# This file includes the relevant testing commands required for 
# testing this directory and lists subdirectories to be tested as well.
add_test([=[profile.table]=] "sh" "/work/wt-merge/tests/profile/profile_test.sh" "/work/wt-merge/build-m/cucpu" "/work/wt-merge/tests/profile" "/work/wt-merge/build-m/tests/profile/table" "table" "/work/wt-merge/build-m/tests/profile/profile_exact_launch")
set_tests_properties([=[profile.table]=] PROPERTIES  TIMEOUT "60" _BACKTRACE_TRIPLES "/work/wt-merge/tests/profile/CMakeLists.txt;6;add_test;/work/wt-merge/tests/profile/CMakeLists.txt;0;")
add_test([=[profile.json]=] "sh" "/work/wt-merge/tests/profile/profile_test.sh" "/work/wt-merge/build-m/cucpu" "/work/wt-merge/tests/profile" "/work/wt-merge/build-m/tests/profile/json" "json" "/work/wt-merge/build-m/tests/profile/profile_exact_launch")
set_tests_properties([=[profile.json]=] PROPERTIES  TIMEOUT "60" _BACKTRACE_TRIPLES "/work/wt-merge/tests/profile/CMakeLists.txt;6;add_test;/work/wt-merge/tests/profile/CMakeLists.txt;0;")
add_test([=[profile.exact]=] "sh" "/work/wt-merge/tests/profile/profile_test.sh" "/work/wt-merge/build-m/cucpu" "/work/wt-merge/tests/profile" "/work/wt-merge/build-m/tests/profile/exact" "exact" "/work/wt-merge/build-m/tests/profile/profile_exact_launch")
set_tests_properties([=[profile.exact]=] PROPERTIES  TIMEOUT "60" _BACKTRACE_TRIPLES "/work/wt-merge/tests/profile/CMakeLists.txt;6;add_test;/work/wt-merge/tests/profile/CMakeLists.txt;0;")
add_test([=[profile.stripped]=] "sh" "/work/wt-merge/tests/profile/profile_test.sh" "/work/wt-merge/build-m/cucpu" "/work/wt-merge/tests/profile" "/work/wt-merge/build-m/tests/profile/stripped" "stripped" "/work/wt-merge/build-m/tests/profile/profile_exact_launch")
set_tests_properties([=[profile.stripped]=] PROPERTIES  TIMEOUT "60" _BACKTRACE_TRIPLES "/work/wt-merge/tests/profile/CMakeLists.txt;6;add_test;/work/wt-merge/tests/profile/CMakeLists.txt;0;")
