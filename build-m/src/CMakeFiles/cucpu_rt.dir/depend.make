# Empty dependencies file for cucpu_rt.
# This may be replaced when dependencies are built.
