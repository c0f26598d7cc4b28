src/CMakeFiles/cucpu_rt.dir/runtime/grid.c.o: \
 /work/wt-merge/src/runtime/grid.c /usr/include/stdc-predef.h \
 /usr/include/sched.h /usr/include/features.h \
 /usr/include/features-time64.h \
 /usr/include/x86_64-linux-gnu/bits/wordsize.h \
 /usr/include/x86_64-linux-gnu/bits/timesize.h \
 /usr/include/x86_64-linux-gnu/sys/cdefs.h \
 /usr/include/x86_64-linux-gnu/bits/long-double.h \
 /usr/include/x86_64-linux-gnu/gnu/stubs.h \
 /usr/include/x86_64-linux-gnu/gnu/stubs-64.h \
 /usr/include/x86_64-linux-gnu/bits/types.h \
 /usr/include/x86_64-linux-gnu/bits/typesizes.h \
 /usr/include/x86_64-linux-gnu/bits/time64.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stddef.h \
 /usr/include/x86_64-linux-gnu/bits/types/time_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_timespec.h \
 /usr/include/x86_64-linux-gnu/bits/endian.h \
 /usr/include/x86_64-linux-gnu/bits/endianness.h \
 /usr/include/x86_64-linux-gnu/bits/sched.h \
 /usr/include/x86_64-linux-gnu/bits/types/struct_sched_param.h \
 /usr/include/x86_64-linux-gnu/bits/cpu-set.h \
 /work/wt-merge/include/omp.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/omp.h \
 /work/wt-merge/src/runtime/rt.h \
 /work/wt-merge/include/cuda_runtime_api.h \
 /work/wt-merge/include/host_defines.h \
 /work/wt-merge/include/vector_types.h \
 /work/wt-merge/include/driver_types.h \
 /work/wt-merge/include/cucpu_errors.def \
 /work/wt-merge/include/cucpu_rt.h
