# Empty dependencies file for rt_test_errors.
# This may be replaced when dependencies are built.
