# Empty dependencies file for rt_test_device.
# This may be replaced when dependencies are built.
