# Empty dependencies file for rt_test_intrinsics.
# This may be replaced when dependencies are built.
