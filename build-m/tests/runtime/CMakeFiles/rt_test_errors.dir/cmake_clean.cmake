file(REMOVE_RECURSE
  "CMakeFiles/rt_test_errors.dir/errors.c.o"
  "CMakeFiles/rt_test_errors.dir/errors.c.o.d"
  "rt_test_errors"
  "rt_test_errors.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/rt_test_errors.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
