# Empty dependencies file for rt_test_memory.
# This may be replaced when dependencies are built.
