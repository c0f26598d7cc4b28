# Empty dependencies file for rt_test_textures.
# This may be replaced when dependencies are built.
