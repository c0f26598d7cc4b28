# Empty dependencies file for cucpu.
# This may be replaced when dependencies are built.
