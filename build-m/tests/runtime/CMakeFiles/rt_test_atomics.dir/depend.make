# Empty dependencies file for rt_test_atomics.
# This may be replaced when dependencies are built.
