file(REMOVE_RECURSE
  "CMakeFiles/profile_exact_launch.dir/exact_launch.c.o"
  "CMakeFiles/profile_exact_launch.dir/exact_launch.c.o.d"
  "profile_exact_launch"
  "profile_exact_launch.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/profile_exact_launch.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
