# CMake generated Testfile for 
# Source directory: /work/wt-merge
# Build directory: /work/wt-merge/build-m
# 
# This file includes the relevant testing commands required for 
# testing this directory and lists subdirectories to be tested as well.
subdirs("src")
subdirs("tests")
