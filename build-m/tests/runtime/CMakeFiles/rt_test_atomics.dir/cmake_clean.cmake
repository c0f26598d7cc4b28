file(REMOVE_RECURSE
  "CMakeFiles/rt_test_atomics.dir/atomics.c.o"
  "CMakeFiles/rt_test_atomics.dir/atomics.c.o.d"
  "rt_test_atomics"
  "rt_test_atomics.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/rt_test_atomics.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
