file(REMOVE_RECURSE
  "CMakeFiles/rt_test_intrinsics.dir/intrinsics.c.o"
  "CMakeFiles/rt_test_intrinsics.dir/intrinsics.c.o.d"
  "rt_test_intrinsics"
  "rt_test_intrinsics.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/rt_test_intrinsics.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
