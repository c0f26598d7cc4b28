file(REMOVE_RECURSE
  "CMakeFiles/rt_test_vectors.dir/vectors.c.o"
  "CMakeFiles/rt_test_vectors.dir/vectors.c.o.d"
  "rt_test_vectors"
  "rt_test_vectors.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/rt_test_vectors.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
