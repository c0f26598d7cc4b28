file(REMOVE_RECURSE
  "CMakeFiles/rt_test_symbols.dir/symbols.c.o"
  "CMakeFiles/rt_test_symbols.dir/symbols.c.o.d"
  "rt_test_symbols"
  "rt_test_symbols.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/rt_test_symbols.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
