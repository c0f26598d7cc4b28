file(REMOVE_RECURSE
  "CMakeFiles/rt_test_textures.dir/textures.cpp.o"
  "CMakeFiles/rt_test_textures.dir/textures.cpp.o.d"
  "rt_test_textures"
  "rt_test_textures.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang CXX)
  include(CMakeFiles/rt_test_textures.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
