/* Shared by twice.cu (defines) and use_twice.cu / mixed_main.cu (use). */
#ifdef __cplusplus
extern "C" {
#endif
int twice(int x);
int thrice(int x);
#ifdef __cplusplus
}
#endif
