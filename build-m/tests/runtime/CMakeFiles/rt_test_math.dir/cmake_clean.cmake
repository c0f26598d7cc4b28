file(REMOVE_RECURSE
  "CMakeFiles/rt_test_math.dir/math.c.o"
  "CMakeFiles/rt_test_math.dir/math.c.o.d"
  "rt_test_math"
  "rt_test_math.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/rt_test_math.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
