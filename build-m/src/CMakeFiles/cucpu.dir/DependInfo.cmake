
# Consider dependencies only in project.
set(CMAKE_DEPENDS_IN_PROJECT_ONLY OFF)

# The set of languages for which implicit dependencies are needed:
set(CMAKE_DEPENDS_LANGUAGES
  )

# The set of dependency files which are needed:
set(CMAKE_DEPENDS_DEPENDENCY_FILES
  "/work/wt-merge/src/analysis/effects.c" "src/CMakeFiles/cucpu.dir/analysis/effects.c.o" "gcc" "src/CMakeFiles/cucpu.dir/analysis/effects.c.o.d"
  "/work/wt-merge/src/analysis/stride.c" "src/CMakeFiles/cucpu.dir/analysis/stride.c.o" "gcc" "src/CMakeFiles/cucpu.dir/analysis/stride.c.o.d"
  "/work/wt-merge/src/analysis/uniform.c" "src/CMakeFiles/cucpu.dir/analysis/uniform.c.o" "gcc" "src/CMakeFiles/cucpu.dir/analysis/uniform.c.o.d"
  "/work/wt-merge/src/codegen/buf.c" "src/CMakeFiles/cucpu.dir/codegen/buf.c.o" "gcc" "src/CMakeFiles/cucpu.dir/codegen/buf.c.o.d"
  "/work/wt-merge/src/codegen/file.c" "src/CMakeFiles/cucpu.dir/codegen/file.c.o" "gcc" "src/CMakeFiles/cucpu.dir/codegen/file.c.o.d"
  "/work/wt-merge/src/codegen/kernel.c" "src/CMakeFiles/cucpu.dir/codegen/kernel.c.o" "gcc" "src/CMakeFiles/cucpu.dir/codegen/kernel.c.o.d"
  "/work/wt-merge/src/codegen/team.c" "src/CMakeFiles/cucpu.dir/codegen/team.c.o" "gcc" "src/CMakeFiles/cucpu.dir/codegen/team.c.o.d"
  "/work/wt-merge/src/driver/batch.c" "src/CMakeFiles/cucpu.dir/driver/batch.c.o" "gcc" "src/CMakeFiles/cucpu.dir/driver/batch.c.o.d"
  "/work/wt-merge/src/driver/compdb.c" "src/CMakeFiles/cucpu.dir/driver/compdb.c.o" "gcc" "src/CMakeFiles/cucpu.dir/driver/compdb.c.o.d"
  "/work/wt-merge/src/driver/deps.c" "src/CMakeFiles/cucpu.dir/driver/deps.c.o" "gcc" "src/CMakeFiles/cucpu.dir/driver/deps.c.o.d"
  "/work/wt-merge/src/driver/main.c" "src/CMakeFiles/cucpu.dir/driver/main.c.o" "gcc" "src/CMakeFiles/cucpu.dir/driver/main.c.o.d"
  "/work/wt-merge/src/driver/optfile.c" "src/CMakeFiles/cucpu.dir/driver/optfile.c.o" "gcc" "src/CMakeFiles/cucpu.dir/driver/optfile.c.o.d"
  "/work/wt-merge/src/driver/options.c" "src/CMakeFiles/cucpu.dir/driver/options.c.o" "gcc" "src/CMakeFiles/cucpu.dir/driver/options.c.o.d"
  "/work/wt-merge/src/driver/predef.c" "src/CMakeFiles/cucpu.dir/driver/predef.c.o" "gcc" "src/CMakeFiles/cucpu.dir/driver/predef.c.o.d"
  "/work/wt-merge/src/driver/report.c" "src/CMakeFiles/cucpu.dir/driver/report.c.o" "gcc" "src/CMakeFiles/cucpu.dir/driver/report.c.o.d"
  "/work/wt-merge/src/driver/report_html.c" "src/CMakeFiles/cucpu.dir/driver/report_html.c.o" "gcc" "src/CMakeFiles/cucpu.dir/driver/report_html.c.o.d"
  "/work/wt-merge/src/driver/report_plot.c" "src/CMakeFiles/cucpu.dir/driver/report_plot.c.o" "gcc" "src/CMakeFiles/cucpu.dir/driver/report_plot.c.o.d"
  "/work/wt-merge/src/driver/report_store.c" "src/CMakeFiles/cucpu.dir/driver/report_store.c.o" "gcc" "src/CMakeFiles/cucpu.dir/driver/report_store.c.o.d"
  "/work/wt-merge/src/driver/toolchain.c" "src/CMakeFiles/cucpu.dir/driver/toolchain.c.o" "gcc" "src/CMakeFiles/cucpu.dir/driver/toolchain.c.o.d"
  "/work/wt-merge/src/driver/toolkit.c" "src/CMakeFiles/cucpu.dir/driver/toolkit.c.o" "gcc" "src/CMakeFiles/cucpu.dir/driver/toolkit.c.o.d"
  "/work/wt-merge/src/driver/translate.c" "src/CMakeFiles/cucpu.dir/driver/translate.c.o" "gcc" "src/CMakeFiles/cucpu.dir/driver/translate.c.o.d"
  "/work/wt-merge/src/driver/vecinfo.c" "src/CMakeFiles/cucpu.dir/driver/vecinfo.c.o" "gcc" "src/CMakeFiles/cucpu.dir/driver/vecinfo.c.o.d"
  "/work/wt-merge/src/frontend/ccheck.c" "src/CMakeFiles/cucpu.dir/frontend/ccheck.c.o" "gcc" "src/CMakeFiles/cucpu.dir/frontend/ccheck.c.o.d"
  "/work/wt-merge/src/frontend/coop.c" "src/CMakeFiles/cucpu.dir/frontend/coop.c.o" "gcc" "src/CMakeFiles/cucpu.dir/frontend/coop.c.o.d"
  "/work/wt-merge/src/frontend/funcs.c" "src/CMakeFiles/cucpu.dir/frontend/funcs.c.o" "gcc" "src/CMakeFiles/cucpu.dir/frontend/funcs.c.o.d"
  "/work/wt-merge/src/frontend/fuse.c" "src/CMakeFiles/cucpu.dir/frontend/fuse.c.o" "gcc" "src/CMakeFiles/cucpu.dir/frontend/fuse.c.o.d"
  "/work/wt-merge/src/frontend/host.c" "src/CMakeFiles/cucpu.dir/frontend/host.c.o" "gcc" "src/CMakeFiles/cucpu.dir/frontend/host.c.o.d"
  "/work/wt-merge/src/frontend/indirect.c" "src/CMakeFiles/cucpu.dir/frontend/indirect.c.o" "gcc" "src/CMakeFiles/cucpu.dir/frontend/indirect.c.o.d"
  "/work/wt-merge/src/frontend/launches.c" "src/CMakeFiles/cucpu.dir/frontend/launches.c.o" "gcc" "src/CMakeFiles/cucpu.dir/frontend/launches.c.o.d"
  "/work/wt-merge/src/frontend/loc.c" "src/CMakeFiles/cucpu.dir/frontend/loc.c.o" "gcc" "src/CMakeFiles/cucpu.dir/frontend/loc.c.o.d"
  "/work/wt-merge/src/frontend/lower.c" "src/CMakeFiles/cucpu.dir/frontend/lower.c.o" "gcc" "src/CMakeFiles/cucpu.dir/frontend/lower.c.o.d"
  "/work/wt-merge/src/frontend/parse.c" "src/CMakeFiles/cucpu.dir/frontend/parse.c.o" "gcc" "src/CMakeFiles/cucpu.dir/frontend/parse.c.o.d"
  "/work/wt-merge/src/frontend/shifts.c" "src/CMakeFiles/cucpu.dir/frontend/shifts.c.o" "gcc" "src/CMakeFiles/cucpu.dir/frontend/shifts.c.o.d"
  "/work/wt-merge/src/frontend/tokens.c" "src/CMakeFiles/cucpu.dir/frontend/tokens.c.o" "gcc" "src/CMakeFiles/cucpu.dir/frontend/tokens.c.o.d"
  "/work/wt-merge/src/ir/arena.c" "src/CMakeFiles/cucpu.dir/ir/arena.c.o" "gcc" "src/CMakeFiles/cucpu.dir/ir/arena.c.o.d"
  "/work/wt-merge/src/ir/diag.c" "src/CMakeFiles/cucpu.dir/ir/diag.c.o" "gcc" "src/CMakeFiles/cucpu.dir/ir/diag.c.o.d"
  "/work/wt-merge/src/ir/print.c" "src/CMakeFiles/cucpu.dir/ir/print.c.o" "gcc" "src/CMakeFiles/cucpu.dir/ir/print.c.o.d"
  "/work/wt-merge/src/ir/stmt.c" "src/CMakeFiles/cucpu.dir/ir/stmt.c.o" "gcc" "src/CMakeFiles/cucpu.dir/ir/stmt.c.o.d"
  "/work/wt-merge/src/ir/verify.c" "src/CMakeFiles/cucpu.dir/ir/verify.c.o" "gcc" "src/CMakeFiles/cucpu.dir/ir/verify.c.o.d"
  "/work/wt-merge/src/passes/barrier_elim.c" "src/CMakeFiles/cucpu.dir/passes/barrier_elim.c.o" "gcc" "src/CMakeFiles/cucpu.dir/passes/barrier_elim.c.o.d"
  "/work/wt-merge/src/passes/bounds.c" "src/CMakeFiles/cucpu.dir/passes/bounds.c.o" "gcc" "src/CMakeFiles/cucpu.dir/passes/bounds.c.o.d"
  "/work/wt-merge/src/passes/forward.c" "src/CMakeFiles/cucpu.dir/passes/forward.c.o" "gcc" "src/CMakeFiles/cucpu.dir/passes/forward.c.o.d"
  "/work/wt-merge/src/passes/licm.c" "src/CMakeFiles/cucpu.dir/passes/licm.c.o" "gcc" "src/CMakeFiles/cucpu.dir/passes/licm.c.o.d"
  "/work/wt-merge/src/passes/manager.c" "src/CMakeFiles/cucpu.dir/passes/manager.c.o" "gcc" "src/CMakeFiles/cucpu.dir/passes/manager.c.o.d"
  "/work/wt-merge/src/passes/privatize.c" "src/CMakeFiles/cucpu.dir/passes/privatize.c.o" "gcc" "src/CMakeFiles/cucpu.dir/passes/privatize.c.o.d"
  "/work/wt-merge/src/passes/schedule.c" "src/CMakeFiles/cucpu.dir/passes/schedule.c.o" "gcc" "src/CMakeFiles/cucpu.dir/passes/schedule.c.o.d"
  "/work/wt-merge/src/passes/split.c" "src/CMakeFiles/cucpu.dir/passes/split.c.o" "gcc" "src/CMakeFiles/cucpu.dir/passes/split.c.o.d"
  "/work/wt-merge/src/passes/team.c" "src/CMakeFiles/cucpu.dir/passes/team.c.o" "gcc" "src/CMakeFiles/cucpu.dir/passes/team.c.o.d"
  "/work/wt-merge/src/passes/uniformity.c" "src/CMakeFiles/cucpu.dir/passes/uniformity.c.o" "gcc" "src/CMakeFiles/cucpu.dir/passes/uniformity.c.o.d"
  )

# Targets to which this target links.
set(CMAKE_TARGET_LINKED_INFO_FILES
  )

# Fortran module output directory.
set(CMAKE_Fortran_TARGET_MODULE_DIR "")
