// Thrust's algorithms on device_vectors (the OpenMP back end with cucpu),
// each against a reference computed on the host with plain loops: sort
// (ints, floats, descending with thrust::greater, a user comparator),
// stable_sort_by_key, sort_by_key, reduce (sum, max, a functor),
// transform (unary and binary functors, with state),
// inclusive_scan and exclusive_scan (with init and an operator), copy_if,
// unique, fill, sequence, copy, count, count_if, transform_reduce,
// for_each, gather, scatter, min_element, max_element, reduce_by_key,
// and a counting_iterator / transform_iterator input.
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/sort.h>
#include <thrust/reduce.h>
#include <thrust/transform.h>
#include <thrust/scan.h>
#include <thrust/copy.h>
#include <thrust/unique.h>
#include <thrust/fill.h>
#include <thrust/sequence.h>
#include <thrust/count.h>
#include <thrust/transform_reduce.h>
#include <thrust/for_each.h>
#include <thrust/gather.h>
#include <thrust/scatter.h>
#include <thrust/extrema.h>
#include <thrust/functional.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/iterator/transform_iterator.h>
#include <thrust/execution_policy.h>
#include <vector>
#include <algorithm>
#include "libcheck.h"

struct square {
  __host__ __device__ float operator()(float x) const { return x * x; }
};
struct saxpy {
  float a;
  saxpy(float a_) : a(a_) {}
  __host__ __device__ float operator()(float x, float y) const { return a * x + y; }
};
struct is_odd {
  __host__ __device__ bool operator()(int x) const { return x % 2 != 0; }
};
struct by_abs {
  __host__ __device__ bool operator()(int a, int b) const { return abs(a) < abs(b); }
};
struct affine {
  float a, b;
  __host__ __device__ float operator()(float v) const { return v * a + b; }
};
struct minus_op {
  __host__ __device__ float operator()(float a, float b) const { return a - b; }
};
struct above {
  int t;
  __host__ __device__ bool operator()(int x) const { return x > t; }
};
struct square_ll {
  __host__ __device__ long long operator()(long long v) const { return v * v; }
};
struct add_to {
  int *out;
  __host__ __device__ void operator()(int x) const { out[x] += x; }
};

static std::vector<int> ints(int n, int mod)
{
  std::vector<int> v(n);
  for (int i = 0; i < n; i++)
    v[i] = (int)(next_value() * mod);
  return v;
}

template <typename T>
static bool same(const thrust::device_vector<T> &d, const std::vector<T> &h)
{
  if (d.size() != h.size())
    return false;
  thrust::host_vector<T> c = d;
  for (size_t i = 0; i < h.size(); i++)
    if (!(c[i] == h[i]))
      return false;
  return true;
}

int main()
{
  const int n = 10007;
  std::vector<int> hi = ints(n, 1000);
  std::vector<float> hf(n);
  for (int i = 0; i < n; i++)
    hf[i] = (float)next_value();

  // sort: ints ascending, descending, by a comparator; floats.
  {
    thrust::device_vector<int> d(hi.begin(), hi.end());
    thrust::sort(d.begin(), d.end());
    std::vector<int> r = hi;
    std::sort(r.begin(), r.end());
    CHECK(same(d, r));
    thrust::sort(thrust::device, d.begin(), d.end(), thrust::greater<int>());
    std::sort(r.begin(), r.end(), std::greater<int>());
    CHECK(same(d, r));
    d.assign(hi.begin(), hi.end());
    thrust::stable_sort(d.begin(), d.end(), by_abs());
    r = hi;
    std::stable_sort(r.begin(), r.end(), [](int a, int b) { return abs(a) < abs(b); });
    CHECK(same(d, r));
    thrust::device_vector<float> f(hf.begin(), hf.end());
    thrust::sort(f.begin(), f.end());
    std::vector<float> rf = hf;
    std::sort(rf.begin(), rf.end());
    CHECK(same(f, rf));
  }

  // sort_by_key and stable_sort_by_key: the values follow their keys.
  {
    std::vector<int> keys = ints(n, 50), vals(n);
    for (int i = 0; i < n; i++)
      vals[i] = i;
    thrust::device_vector<int> k(keys.begin(), keys.end()), v(vals.begin(), vals.end());
    thrust::stable_sort_by_key(k.begin(), k.end(), v.begin());
    std::vector<std::pair<int, int> > p(n);
    for (int i = 0; i < n; i++)
      p[i] = std::make_pair(keys[i], i);
    std::stable_sort(p.begin(), p.end(),
                     [](const std::pair<int, int> &a, const std::pair<int, int> &b) { return a.first < b.first; });
    std::vector<int> rk(n), rv(n);
    for (int i = 0; i < n; i++) {
      rk[i] = p[i].first;
      rv[i] = p[i].second;
    }
    CHECK(same(k, rk));
    CHECK(same(v, rv));
    // sort_by_key: keys sorted, each (key, value) pair kept.
    thrust::device_vector<int> k2(keys.begin(), keys.end()), v2(n);
    thrust::transform(k2.begin(), k2.end(), v2.begin(), thrust::negate<int>());
    thrust::sort_by_key(k2.begin(), k2.end(), v2.begin(), thrust::greater<int>());
    thrust::host_vector<int> hk = k2, hv = v2;
    bool ok = true;
    for (int i = 0; i < n; i++)
      ok = ok && hv[i] == -hk[i] && (i == 0 || hk[i - 1] >= hk[i]);
    CHECK(ok);
  }

  // reduce: sum (int exactly, float within a sequential order's error),
  // max, an init and a functor.
  {
    thrust::device_vector<int> d(hi.begin(), hi.end());
    long long s = 0;
    int mx = hi[0];
    for (int i = 0; i < n; i++) {
      s += hi[i];
      mx = std::max(mx, hi[i]);
    }
    CHECK(thrust::reduce(d.begin(), d.end()) == (int)s);
    CHECK(thrust::reduce(thrust::device, d.begin(), d.end(), 100) == (int)s + 100);
    CHECK(thrust::reduce(d.begin(), d.end(), hi[0], thrust::maximum<int>()) == mx);
    thrust::device_vector<float> f(hf.begin(), hf.end());
    double fs = 0;
    for (int i = 0; i < n; i++)
      fs += hf[i];
    CHECK_NEAR(thrust::reduce(f.begin(), f.end(), 0.0f), fs, 1e-4);
  }

  // transform: functors, unary and binary, with state.
  {
    thrust::device_vector<float> x(hf.begin(), hf.end()), y(n, 1.0f), z(n);
    thrust::transform(x.begin(), x.end(), z.begin(), square());
    std::vector<float> r(n);
    for (int i = 0; i < n; i++)
      r[i] = hf[i] * hf[i];
    CHECK(same(z, r));
    thrust::transform(x.begin(), x.end(), y.begin(), y.begin(), saxpy(2.0f));
    for (int i = 0; i < n; i++)
      r[i] = 2.0f * hf[i] + 1.0f;
    CHECK(same(y, r));
    affine af = {3.0f, -1.0f};
    thrust::transform(thrust::device, x.begin(), x.end(), z.begin(), af);
    for (int i = 0; i < n; i++)
      r[i] = hf[i] * 3.0f - 1.0f;
    CHECK(same(z, r));
    thrust::transform(x.begin(), x.end(), y.begin(), z.begin(), minus_op());
    for (int i = 0; i < n; i++)
      r[i] = hf[i] - (2.0f * hf[i] + 1.0f);
    CHECK(same(z, r));
  }

  // inclusive_scan and exclusive_scan: ints exactly; init; an operator;
  // in place.
  {
    thrust::device_vector<int> d(hi.begin(), hi.end()), o(n);
    std::vector<int> r(n);
    thrust::inclusive_scan(d.begin(), d.end(), o.begin());
    int acc = 0;
    for (int i = 0; i < n; i++)
      r[i] = acc += hi[i];
    CHECK(same(o, r));
    thrust::exclusive_scan(d.begin(), d.end(), o.begin());
    acc = 0;
    for (int i = 0; i < n; i++) {
      r[i] = acc;
      acc += hi[i];
    }
    CHECK(same(o, r));
    thrust::exclusive_scan(thrust::device, d.begin(), d.end(), o.begin(), 7);
    for (int i = 0; i < n; i++)
      r[i] += 7;
    CHECK(same(o, r));
    thrust::inclusive_scan(d.begin(), d.end(), o.begin(), thrust::maximum<int>());
    acc = hi[0];
    for (int i = 0; i < n; i++)
      r[i] = acc = std::max(acc, hi[i]);
    CHECK(same(o, r));
    thrust::exclusive_scan(d.begin(), d.end(), o.begin(), -5000, thrust::maximum<int>());
    acc = -5000;
    for (int i = 0; i < n; i++) {
      r[i] = acc;
      acc = std::max(acc, hi[i]);
    }
    CHECK(same(o, r));
    thrust::inclusive_scan(d.begin(), d.end(), d.begin());
    acc = 0;
    for (int i = 0; i < n; i++)
      r[i] = acc += hi[i];
    CHECK(same(d, r));
  }

  // copy_if (functors, a stencil), count, count_if, copy.
  {
    thrust::device_vector<int> d(hi.begin(), hi.end()), o(n);
    std::vector<int> r;
    for (int i = 0; i < n; i++)
      if (hi[i] % 2 != 0)
        r.push_back(hi[i]);
    thrust::device_vector<int>::iterator end = thrust::copy_if(d.begin(), d.end(), o.begin(), is_odd());
    CHECK(end - o.begin() == (long)r.size());
    o.resize(end - o.begin());
    CHECK(same(o, r));
    CHECK(thrust::count_if(d.begin(), d.end(), is_odd()) == (long)r.size());
    o.resize(n);
    above ab = {500};
    end = thrust::copy_if(thrust::device, d.begin(), d.end(), o.begin(), ab);
    r.clear();
    for (int i = 0; i < n; i++)
      if (hi[i] > 500)
        r.push_back(hi[i]);
    o.resize(end - o.begin());
    CHECK(same(o, r));
    thrust::device_vector<int> stencil(n), o2(n);
    thrust::sequence(stencil.begin(), stencil.end());
    end = thrust::copy_if(d.begin(), d.end(), stencil.begin(), o2.begin(), is_odd());
    r.clear();
    for (int i = 1; i < n; i += 2)
      r.push_back(hi[i]);
    o2.resize(end - o2.begin());
    CHECK(same(o2, r));
    long c = 0;
    for (int i = 0; i < n; i++)
      c += hi[i] == 3;
    CHECK(thrust::count(d.begin(), d.end(), 3) == c);
    thrust::device_vector<int> cp(n);
    thrust::copy(d.begin(), d.end(), cp.begin());
    CHECK(same(cp, hi));
  }

  // unique after sort; fill; sequence (start, step).
  {
    thrust::device_vector<int> d(hi.begin(), hi.end());
    thrust::sort(d.begin(), d.end());
    d.erase(thrust::unique(d.begin(), d.end()), d.end());
    std::vector<int> r = hi;
    std::sort(r.begin(), r.end());
    r.erase(std::unique(r.begin(), r.end()), r.end());
    CHECK(same(d, r));
    thrust::device_vector<int> u(hi.begin(), hi.begin() + 100);
    for (int i = 0; i < 100; i++)
      u[i] = i / 7;
    u.erase(thrust::unique(u.begin(), u.end()), u.end());
    CHECK(u.size() == 15 && u[14] == 14);
    thrust::fill(d.begin(), d.end(), 9);
    CHECK(same(d, std::vector<int>(d.size(), 9)));
    thrust::device_vector<float> s(n);
    thrust::sequence(s.begin(), s.end());
    thrust::host_vector<float> hs = s;
    CHECK(hs[0] == 0.0f && hs[n - 1] == (float)(n - 1));
    thrust::sequence(thrust::device, s.begin(), s.end(), 10.0f, 0.5f);
    hs = s;
    bool ok = true;
    for (int i = 0; i < n; i++)
      ok = ok && hs[i] == 10.0f + 0.5f * i;
    CHECK(ok);
  }

  // transform_reduce, for_each, gather, scatter, min/max_element,
  // reduce_by_key, fancy iterators.
  {
    thrust::device_vector<float> x(hf.begin(), hf.end());
    double ss = 0;
    for (int i = 0; i < n; i++)
      ss += (double)hf[i] * hf[i];
    CHECK_NEAR(thrust::transform_reduce(x.begin(), x.end(), square(), 0.0f, thrust::plus<float>()), ss, 1e-4);

    thrust::device_vector<int> acc(100, 1);
    thrust::device_vector<int> idx(100);
    thrust::sequence(idx.begin(), idx.end());
    add_to f = {thrust::raw_pointer_cast(acc.data())};
    thrust::for_each(idx.begin(), idx.end(), f);
    bool ok = true;
    for (int i = 0; i < 100; i++)
      ok = ok && acc[i] == 1 + i;
    CHECK(ok);

    std::vector<int> map(n);
    for (int i = 0; i < n; i++)
      map[i] = (int)(((long long)i * 7919) % n);
    thrust::device_vector<int> dmap(map.begin(), map.end()), src(hi.begin(), hi.end()), dst(n);
    thrust::gather(dmap.begin(), dmap.end(), src.begin(), dst.begin());
    std::vector<int> r(n);
    for (int i = 0; i < n; i++)
      r[i] = hi[map[i]];
    CHECK(same(dst, r));
    thrust::scatter(src.begin(), src.end(), dmap.begin(), dst.begin());
    for (int i = 0; i < n; i++)
      r[map[i]] = hi[i];
    CHECK(same(dst, r));

    std::vector<float>::iterator mn = std::min_element(hf.begin(), hf.end());
    std::vector<float>::iterator mx = std::max_element(hf.begin(), hf.end());
    CHECK(thrust::min_element(x.begin(), x.end()) - x.begin() == mn - hf.begin());
    CHECK(thrust::max_element(x.begin(), x.end()) - x.begin() == mx - hf.begin());

    thrust::device_vector<int> keys(n), vals(n, 1), ok_keys(n), ok_vals(n);
    for (int i = 0; i < n; i++)
      map[i] = i / 10;
    thrust::copy(map.begin(), map.end(), keys.begin());
    thrust::pair<thrust::device_vector<int>::iterator, thrust::device_vector<int>::iterator> e =
        thrust::reduce_by_key(keys.begin(), keys.end(), vals.begin(), ok_keys.begin(), ok_vals.begin());
    CHECK(e.first - ok_keys.begin() == (n + 9) / 10);
    CHECK(ok_vals[0] == 10 && ok_vals[(n + 9) / 10 - 1] == n % 10);

    long long sq = 0;
    for (int i = 0; i < 1000; i++)
      sq += (long long)i * i;
    CHECK(thrust::transform_reduce(thrust::counting_iterator<long long>(0),
                                   thrust::counting_iterator<long long>(1000),
                                   square_ll(),
                                   0LL, thrust::plus<long long>()) == sq);
    CHECK(thrust::reduce(thrust::make_transform_iterator(thrust::counting_iterator<int>(1), thrust::negate<int>()),
                         thrust::make_transform_iterator(thrust::counting_iterator<int>(101), thrust::negate<int>())) == -5050);
  }
  return finish("thrust_algorithms");
}
