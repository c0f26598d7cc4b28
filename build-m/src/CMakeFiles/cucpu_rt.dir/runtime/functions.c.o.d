src/CMakeFiles/cucpu_rt.dir/runtime/functions.c.o: \
 /work/wt-merge/src/runtime/functions.c /usr/include/stdc-predef.h \
 /usr/include/string.h \
 /usr/include/x86_64-linux-gnu/bits/libc-header-start.h \
 /usr/include/features.h /usr/include/features-time64.h \
 /usr/include/x86_64-linux-gnu/bits/wordsize.h \
 /usr/include/x86_64-linux-gnu/bits/timesize.h \
 /usr/include/x86_64-linux-gnu/sys/cdefs.h \
 /usr/include/x86_64-linux-gnu/bits/long-double.h \
 /usr/include/x86_64-linux-gnu/gnu/stubs.h \
 /usr/include/x86_64-linux-gnu/gnu/stubs-64.h \
 /usr/lib/gcc/x86_64-linux-gnu/12/include/stddef.h \
 /usr/include/x86_64-linux-gnu/bits/types/locale_t.h \
 /usr/include/x86_64-linux-gnu/bits/types/__locale_t.h \
 /usr/include/strings.h /work/wt-merge/src/runtime/rt.h \
 /work/wt-merge/include/cuda_runtime_api.h \
 /work/wt-merge/include/host_defines.h \
 /work/wt-merge/include/vector_types.h \
 /work/wt-merge/include/driver_types.h \
 /work/wt-merge/include/cucpu_errors.def \
 /work/wt-merge/include/cucpu_rt.h
