# Empty dependencies file for rt_test_events.
# This may be replaced when dependencies are built.
