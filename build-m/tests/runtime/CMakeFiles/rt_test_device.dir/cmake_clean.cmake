file(REMOVE_RECURSE
  "CMakeFiles/rt_test_device.dir/device.c.o"
  "CMakeFiles/rt_test_device.dir/device.c.o.d"
  "rt_test_device"
  "rt_test_device.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/rt_test_device.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
