# Empty dependencies file for rt_test_math.
# This may be replaced when dependencies are built.
