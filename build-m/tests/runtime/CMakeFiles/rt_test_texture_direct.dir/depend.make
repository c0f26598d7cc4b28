# Empty dependencies file for rt_test_texture_direct.
# This may be replaced when dependencies are built.
