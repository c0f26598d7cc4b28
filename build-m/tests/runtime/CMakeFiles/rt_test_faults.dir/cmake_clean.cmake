file(REMOVE_RECURSE
  "CMakeFiles/rt_test_faults.dir/faults.c.o"
  "CMakeFiles/rt_test_faults.dir/faults.c.o.d"
  "rt_test_faults"
  "rt_test_faults.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/rt_test_faults.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
