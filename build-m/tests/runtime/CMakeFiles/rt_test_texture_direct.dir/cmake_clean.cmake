file(REMOVE_RECURSE
  "CMakeFiles/rt_test_texture_direct.dir/texture_direct.cpp.o"
  "CMakeFiles/rt_test_texture_direct.dir/texture_direct.cpp.o.d"
  "rt_test_texture_direct"
  "rt_test_texture_direct.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/rt_test_texture_direct.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
