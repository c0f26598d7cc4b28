# Empty dependencies file for rt_test_faults.
# This may be replaced when dependencies are built.
