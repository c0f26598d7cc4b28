file(REMOVE_RECURSE
  "CMakeFiles/rt_test_memory.dir/memory.c.o"
  "CMakeFiles/rt_test_memory.dir/memory.c.o.d"
  "rt_test_memory"
  "rt_test_memory.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/rt_test_memory.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
