# Empty dependencies file for rt_test_symbols.
# This may be replaced when dependencies are built.
