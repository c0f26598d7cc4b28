/* cucpu_launch.h: kernels as host functions, for the launches and uses
 * that do not name a kernel's launcher (translated C++ only).
 *
 * The translator turns kernel k(P...) into its launcher
 * k(dim3 gridDim, dim3 blockDim, size_t shmem, P...) and a launch
 * k<<<g, b, s>>>(args) into the call k(g, b, s, args). What else CUDA
 * allows comes here:
 *
 *  - k's stub, cucpu_kernel<decltype(&k), &k>::stub, a function of k's own
 *    type void(P...), as nvcc's host stub: every other use of the name k in
 *    host code (a function pointer, `(void *)k`, cudaFuncGetAttributes(&a,
 *    k)) is rewritten to it. Called after a configuration was pushed
 *    (cucpu_push_config), it pops it and runs the launcher. Instantiating
 *    it registers it, and the launcher, with the runtime, so that
 *    cudaLaunchKernel(func, g, b, args, s, st) finds the launch thunk.
 *  - a launch through any callee f, also inside a macro's body, is written
 *    with tokens only: `f<<<g, b, s, st>>>(args)` becomes
 *    `f->* cucpu_config(g, b, s, st)(args)`. cucpu_config(...)(args) packs
 *    the configuration and the arguments; `->*` runs f: a launcher (its
 *    first parameters are dim3, dim3, size_t) directly, anything else (a
 *    stub, through a pointer) with the configuration pushed.
 * C++11 is enough. A kernel k(dim3, dim3, size_t) with exactly those
 * parameters is mistaken for a launcher when launched through a pointer. */
#ifndef CUCPU_LAUNCH_H
#define CUCPU_LAUNCH_H

#include <cstddef>
#include <tuple>
#include <type_traits>
#include <utility>

template <std::size_t... I> struct cucpu_seq {};
template <std::size_t N, std::size_t... I> struct cucpu_make_seq : cucpu_make_seq<N - 1, N - 1, I...> {};
template <std::size_t... I> struct cucpu_make_seq<0, I...> { typedef cucpu_seq<I...> type; };

/* The stub and launch thunk of launcher L. */
template <class F, F L> struct cucpu_kernel;
template <class... P, void (*L)(dim3, dim3, size_t, P...)>
struct cucpu_kernel<void (*)(dim3, dim3, size_t, P...), L> {
  static const bool registered;
  static void stub(P... p)
  {
    (void)registered;
    dim3 g, b;
    size_t s;
    if (cucpu_pop_config(&g, &b, &s)) L(g, b, s, p...);
  }
  template <std::size_t... I>
  static void launch_(dim3 g, dim3 b, size_t s, void **a, cucpu_seq<I...>)
  {
    (void)a;
    L(g, b, s, *(typename std::remove_reference<P>::type *)a[I]...);
  }
  static void launch(dim3 g, dim3 b, size_t s, void **a)
  { launch_(g, b, s, a, typename cucpu_make_seq<sizeof...(P)>::type()); }
};
/* The sizes of a launcher's parameters P, which a graph's kernel node
 * copies, and the thunk that runs launcher l with arguments a[i] (a kernel
 * launched into a capturing stream: cucpu_capture_self, codegen/capture.c). */
template <class... P> struct cucpu_thunk {
  static const size_t *sizes()
  {
    static const size_t z[] = { sizeof(typename std::remove_reference<P>::type)..., 0 };
    return z;
  }
  template <std::size_t... I>
  static void run_(const void *l, dim3 g, dim3 b, size_t s, void **a, cucpu_seq<I...>)
  {
    (void)a;
    ((void (*)(dim3, dim3, size_t, P...))l)(g, b, s, *(typename std::remove_reference<P>::type *)a[I]...);
  }
  static void run(const void *l, dim3 g, dim3 b, size_t s, void **a)
  { run_(l, g, b, s, a, typename cucpu_make_seq<sizeof...(P)>::type()); }
};
template <class... P>
static inline void cucpu_capture_self(void (*l)(dim3, dim3, size_t, P...), dim3 g, dim3 b,
                                      size_t s, void **a)
{
  cucpu_capture_launch((const void *)l, &cucpu_thunk<P...>::run, g, b, s, (int)sizeof...(P),
                       cucpu_thunk<P...>::sizes(), a);
}

template <class... P, void (*L)(dim3, dim3, size_t, P...)>
const bool cucpu_kernel<void (*)(dim3, dim3, size_t, P...), L>::registered =
    cucpu_register_kernel_args((const void *)&cucpu_kernel::stub, &cucpu_kernel::launch,
                               (int)sizeof...(P), cucpu_thunk<P...>::sizes()) &&
    cucpu_register_kernel_args((const void *)L, &cucpu_kernel::launch,
                               (int)sizeof...(P), cucpu_thunk<P...>::sizes());

/* f->* cucpu_config(g, b, s, st)(args) */
template <class... A> struct CucpuCall {
  dim3 grid, block;
  size_t shmem;
  std::tuple<A &&...> args;
};
struct CucpuConfig {
  dim3 grid, block;
  size_t shmem;
  template <class... A> CucpuCall<A...> operator()(A &&...a) const
  { return CucpuCall<A...>{grid, block, shmem, std::forward_as_tuple(std::forward<A>(a)...)}; }
};
static inline CucpuConfig cucpu_config(dim3 grid, dim3 block, size_t shmem = 0,
                                       cudaStream_t stream = 0)
{
  /* a stream that may capture: noted for the launcher (cucpu_rt.h) */
  if (stream)
    cucpu_on_stream(stream, shmem);
  return CucpuConfig{grid, block, shmem};
}
template <class F, class... A, std::size_t... I>
static inline void cucpu_run_launcher(F *f, CucpuCall<A...> &c, cucpu_seq<I...>)
{ f(c.grid, c.block, c.shmem, std::forward<A>(std::get<I>(c.args))...); }
template <class F, class... A, std::size_t... I>
static inline void cucpu_run_stub(F *f, CucpuCall<A...> &c, cucpu_seq<I...>)
{
  cucpu_push_config(c.grid, c.block, c.shmem);
  f(std::forward<A>(std::get<I>(c.args))...);
}
template <class... P, class... A>
static inline void operator->*(void (*f)(dim3, dim3, size_t, P...), CucpuCall<A...> &&c)
{ cucpu_run_launcher(f, c, typename cucpu_make_seq<sizeof...(A)>::type()); }
template <class F, class... A>
static inline void operator->*(F *f, CucpuCall<A...> &&c)
{ cucpu_run_stub(f, c, typename cucpu_make_seq<sizeof...(A)>::type()); }

#endif
