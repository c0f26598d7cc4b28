// cucpu-only-flags: --lockstep-plain-memory
// Stores that read another element of the memory they write (the lanes of
// a warp exchange data with no barrier) run in lock step over the warp only
// as statements of their own. Inside a larger expression or a `for`
// increment cucpu warns, naming the line; a statement that one macro's body
// makes cannot be split (an error). A statement of its own (line 17) and an
// ordinary store (line 16) get no diagnostic.
#define XCH(s, t) s[t] = s[t] + s[(t) ^ 1]

__global__ void shapes(int *out)
{
    __shared__ int s[32];
    int t = threadIdx.x;
    s[t] = t;
    __syncwarp();
    out[t] = (s[t] += s[t ^ 1]);
    s[t] = s[t] * 2 + out[t];
    s[t] += s[t ^ 4];
    for (int i = 0; i < 2; i++, s[t] += s[t ^ 2]) out[t] += i;
    XCH(s, t);
    out[t] = s[t];
}
