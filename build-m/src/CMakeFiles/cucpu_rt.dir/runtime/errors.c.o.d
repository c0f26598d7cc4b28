src/CMakeFiles/cucpu_rt.dir/runtime/errors.c.o: \
 /work/wt-merge/src/runtime/errors.c /usr/include/stdc-predef.h \
 /work/wt-merge/src/runtime/rt.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stddef.h \
 /work/wt-merge/include/cuda_runtime_api.h \
 /work/wt-merge/include/host_defines.h \
 /work/wt-merge/include/vector_types.h \
 /work/wt-merge/include/driver_types.h \
 /work/wt-merge/include/cucpu_errors.def \
 /work/wt-merge/include/cucpu_rt.h \
 /work/wt-merge/include/cucpu_errors.def
