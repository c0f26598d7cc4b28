file(REMOVE_RECURSE
  "CMakeFiles/rt_test_events.dir/events.c.o"
  "CMakeFiles/rt_test_events.dir/events.c.o.d"
  "rt_test_events"
  "rt_test_events.pdb"
)

# Per-language clean rules from dependency scanning.
foreach(lang C)
  include(CMakeFiles/rt_test_events.dir/cmake_clean_${lang}.cmake OPTIONAL)
endforeach()
