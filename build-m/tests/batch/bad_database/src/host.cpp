// Not a CUDA entry (c++ compiles a .cpp): batch mode leaves it alone.
int host_only() { return 42; }
