# Empty dependencies file for rt_test_alloc.
# This may be replaced when dependencies are built.
