file(REMOVE_RECURSE
  "CMakeFiles/rt_test_alloc.dir/alloc.c.o"
  "CMakeFiles/rt_test_alloc.dir/alloc.c.o.d"
  "rt_test_alloc"
  "rt_test_alloc.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/rt_test_alloc.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
