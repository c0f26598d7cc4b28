u.o : /work/wt-merge/tests/cli/use_twice.cu \
    /work/wt-merge/tests/cli/twice.h

/work/wt-merge/tests/cli/twice.h:
