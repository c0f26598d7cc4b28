# Empty dependencies file for profile_exact_launch.
# This may be replaced when dependencies are built.
