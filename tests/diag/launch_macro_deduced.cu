// A template kernel launched inside a macro's body, its template arguments
// deduced by the launch: the rewritten launch cannot take the overload set.
#define RUN(k, g, b, ...) k<<<g, b>>>(__VA_ARGS__)

template <class T>
__global__ void scale(T *x, T a)
{
    x[threadIdx.x] *= a;
}

int main()
{
    float *d = 0;
    RUN(scale<float>, 1, 32, d, 2.0f);
    RUN(scale, 1, 32, d, 2.0f);
    return 0;
}
