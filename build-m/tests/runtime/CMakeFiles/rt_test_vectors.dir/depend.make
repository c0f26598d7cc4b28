# Empty dependencies file for rt_test_vectors.
# This may be replaced when dependencies are built.
