
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/wt-merge/src/runtime/alloc.c" "src/CMakeFiles/cucpu_rt.dir/runtime/alloc.c.o" "gcc" "src/CMakeFiles/cucpu_rt.dir/runtime/alloc.c.o.d"
  "/work/wt-merge/src/runtime/arrays.c" "src/CMakeFiles/cucpu_rt.dir/runtime/arrays.c.o" "gcc" "src/CMakeFiles/cucpu_rt.dir/runtime/arrays.c.o.d"
  "/work/wt-merge/src/runtime/device.c" "src/CMakeFiles/cucpu_rt.dir/runtime/device.c.o" "gcc" "src/CMakeFiles/cucpu_rt.dir/runtime/device.c.o.d"
  "/work/wt-merge/src/runtime/driver_api.c" "src/CMakeFiles/cucpu_rt.dir/runtime/driver_api.c.o" "gcc" "src/CMakeFiles/cucpu_rt.dir/runtime/driver_api.c.o.d"
  "/work/wt-merge/src/runtime/errors.c" "src/CMakeFiles/cucpu_rt.dir/runtime/errors.c.o" "gcc" "src/CMakeFiles/cucpu_rt.dir/runtime/errors.c.o.d"
  "/work/wt-merge/src/runtime/events.c" "src/CMakeFiles/cucpu_rt.dir/runtime/events.c.o" "gcc" "src/CMakeFiles/cucpu_rt.dir/runtime/events.c.o.d"
  "/work/wt-merge/src/runtime/faults.c" "src/CMakeFiles/cucpu_rt.dir/runtime/faults.c.o" "gcc" "src/CMakeFiles/cucpu_rt.dir/runtime/faults.c.o.d"
  "/work/wt-merge/src/runtime/functions.c" "src/CMakeFiles/cucpu_rt.dir/runtime/functions.c.o" "gcc" "src/CMakeFiles/cucpu_rt.dir/runtime/functions.c.o.d"
  "/work/wt-merge/src/runtime/grid.c" "src/CMakeFiles/cucpu_rt.dir/runtime/grid.c.o" "gcc" "src/CMakeFiles/cucpu_rt.dir/runtime/grid.c.o.d"
  "/work/wt-merge/src/runtime/launch.c" "src/CMakeFiles/cucpu_rt.dir/runtime/launch.c.o" "gcc" "src/CMakeFiles/cucpu_rt.dir/runtime/launch.c.o.d"
  "/work/wt-merge/src/runtime/memory.c" "src/CMakeFiles/cucpu_rt.dir/runtime/memory.c.o" "gcc" "src/CMakeFiles/cucpu_rt.dir/runtime/memory.c.o.d"
  "/work/wt-merge/src/runtime/profile.c" "src/CMakeFiles/cucpu_rt.dir/runtime/profile.c.o" "gcc" "src/CMakeFiles/cucpu_rt.dir/runtime/profile.c.o.d"
  "/work/wt-merge/src/runtime/profile_report.c" "src/CMakeFiles/cucpu_rt.dir/runtime/profile_report.c.o" "gcc" "src/CMakeFiles/cucpu_rt.dir/runtime/profile_report.c.o.d"
  "/work/wt-merge/src/runtime/profiler.c" "src/CMakeFiles/cucpu_rt.dir/runtime/profiler.c.o" "gcc" "src/CMakeFiles/cucpu_rt.dir/runtime/profiler.c.o.d"
  "/work/wt-merge/src/runtime/streams.c" "src/CMakeFiles/cucpu_rt.dir/runtime/streams.c.o" "gcc" "src/CMakeFiles/cucpu_rt.dir/runtime/streams.c.o.d"
  "/work/wt-merge/src/runtime/symbols.c" "src/CMakeFiles/cucpu_rt.dir/runtime/symbols.c.o" "gcc" "src/CMakeFiles/cucpu_rt.dir/runtime/symbols.c.o.d"
  "/work/wt-merge/src/runtime/symname.c" "src/CMakeFiles/cucpu_rt.dir/runtime/symname.c.o" "gcc" "src/CMakeFiles/cucpu_rt.dir/runtime/symname.c.o.d"
  "/work/wt-merge/src/runtime/texrefs.c" "src/CMakeFiles/cucpu_rt.dir/runtime/texrefs.c.o" "gcc" "src/CMakeFiles/cucpu_rt.dir/runtime/texrefs.c.o.d"
  "/work/wt-merge/src/runtime/textures.c" "src/CMakeFiles/cucpu_rt.dir/runtime/textures.c.o" "gcc" "src/CMakeFiles/cucpu_rt.dir/runtime/textures.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
