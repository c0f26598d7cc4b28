// Device code of dev.cu used from other files (-rdc=true / -dc).
extern __device__ int dev_scale;
__device__ int dev_twice(int x);
__device__ int dev_lane(void);
