// cucpu-libs: -lcurand
// cuRAND's MTGP32 host generator (CURAND_RNG_PSEUDO_MTGP32) against values
// NVIDIA's library gave on an H100 (CUDA 13.0, cuRAND 10.4;
// tests/libs/curand_record_more.txt, by curand_record_more.cu): raw values
// of seeds 1234 and 42 at the start, across the first change of engine
// set (16384) and at the end of 2^20 values, also when the values come in
// two calls that split an engine's block of 256; uniform floats and
// doubles; curandSetGeneratorOffset refused (CURAND_STATUS_TYPE_ERROR, as
// on the GPU); an odd count of normals allowed; a new seed after some
// values starts again from the new seed's first value (as NVIDIA's
// libcurand host generator does).
#include <curand.h>
#include <cuda_runtime.h>
#include <string.h>
#include "libcheck.h"

// seed=1234 raw n=1048576 [0,64)
static const unsigned int rec_mtgp32_1234_raw_0[64] = {
    0x95130d0du, 0x76af12e1u, 0x9d99d21cu, 0xff1234b2u, 0x1e434debu, 0x4466438cu, 0xec926fdeu, 0xb752f740u,
    0x3b1ecf43u, 0x684fbaf2u, 0x48068e79u, 0xc26eb7ceu, 0x8e442b07u, 0x07b3857bu, 0xa1403a87u, 0x6d941a7eu,
    0x5db1cab8u, 0x86250f66u, 0x7f22f37fu, 0x1885db39u, 0x0c65fb81u, 0xace9192fu, 0x978676fcu, 0x66276558u,
    0x29f11038u, 0x8987ad4cu, 0x41f182deu, 0x57a18ef3u, 0xcc253242u, 0x465981beu, 0x0fb0be18u, 0xd1a67844u,
    0x2236af88u, 0xc42173afu, 0x24f8be1bu, 0xea986a5fu, 0xdd130b8bu, 0xda0921b0u, 0x32f91b97u, 0x8afd70fbu,
    0xb01df950u, 0xd459ed07u, 0x9b3282e5u, 0xdb79d024u, 0x7885a3b6u, 0xa4c909b6u, 0xa607a139u, 0xd605341au,
    0x3992692eu, 0xd5b97acfu, 0x1533a27du, 0x990e2c05u, 0xb04e0feau, 0x0d934662u, 0x406df951u, 0x4d25d829u,
    0xcff64983u, 0xf2908db5u, 0x524804b6u, 0x4f0ca933u, 0xfd8a9799u, 0x53947d77u, 0x5dd267e3u, 0xb356ff63u,
};
// seed=1234 raw n=1048576 [16320,16400)
static const unsigned int rec_mtgp32_1234_raw_16320[80] = {
    0x0ecc6696u, 0x04f30e2cu, 0x0253ef50u, 0x5e05500fu, 0x7d0076fcu, 0x5b8203b6u, 0x12284f86u, 0xc66c7973u,
    0x90d0f509u, 0x9581d1aeu, 0x5251abebu, 0xb5102d9cu, 0xf94b1155u, 0x67a19c20u, 0x55af4e37u, 0xd3be59bdu,
    0x8dd6d9f4u, 0x38552378u, 0xa07e0ab9u, 0xaa031d8au, 0xae08c0d8u, 0xe4abc9c5u, 0xbbc15470u, 0x6c25a9a2u,
    0x4dd9e9d4u, 0xfefb3ae6u, 0x480a07f6u, 0x560ec305u, 0x0fcc2511u, 0x20862527u, 0xba6d32b6u, 0x40230aa0u,
    0x3caf1721u, 0xbd668645u, 0x6799b567u, 0x142b9976u, 0xb8fa9fdeu, 0x5e33f2f8u, 0xcbd02fa1u, 0x7d889608u,
    0xdd880925u, 0xaecc6bb9u, 0x47e6d4aeu, 0x4561864fu, 0x61066acdu, 0xc42de8a9u, 0x75403cf7u, 0x67845787u,
    0xe9961ef0u, 0x27940fc9u, 0xb663e426u, 0x23d505e1u, 0x9f772331u, 0xef7d8b31u, 0x805ac611u, 0xe4f12423u,
    0x6b9f3ceeu, 0x2ccad73bu, 0x3add3b61u, 0x0d9e116du, 0x3de7066du, 0x8c157250u, 0xad997bdau, 0x343d8132u,
    0x883cadffu, 0xae246e12u, 0x99c46e3du, 0x226d7c65u, 0xec2ef22eu, 0x702cb515u, 0x4275d8f8u, 0x7f74b1bau,
    0xbecf209fu, 0xd7ba3c26u, 0x10c25643u, 0xca7cecc9u, 0x93ce6f60u, 0x1a75bfd0u, 0x438c13cfu, 0xb20ce977u,
};
// seed=1234 raw n=1048576 [1048560,1048576)
static const unsigned int rec_mtgp32_1234_raw_1048560[16] = {
    0xf23b85a2u, 0x03b6680cu, 0x2239da69u, 0xaf2a63e8u, 0xcc4664bau, 0xe78574deu, 0xb3548a22u, 0x46df3e29u,
    0x0f8eb51eu, 0x7d842548u, 0x59c582efu, 0xf91320c0u, 0xc86a31c8u, 0x8d774b7cu, 0xf451c595u, 0xa395632au,
};
// seed=1234 uniform n=4096 [0,16)
static const unsigned int rec_mtgp32_1234_uniform_0[16] = {
    0x3f15130du, 0x3eed5e26u, 0x3f1d99d2u, 0x3f7f1235u, 0x3df21a6fu, 0x3e88cc87u, 0x3f6c9270u, 0x3f3752f7u,
    0x3e6c7b3du, 0x3ed09f76u, 0x3e900d1du, 0x3f426eb8u, 0x3f0e442bu, 0x3cf670afu, 0x3f21403bu, 0x3edb2835u,
};
// seed=1234 udouble n=4096 [0,16)
static const unsigned long long rec_mtgp32_1234_udouble_0[16] = {
    0x3fe2a261a1c00000ull, 0x3fddabc4b8800000ull, 0x3fe3b33a43a00000ull, 0x3fefe24696600000ull,
    0x3fbe434dec000000ull, 0x3fd11990e3400000ull, 0x3fed924dfbe00000ull, 0x3fe6ea5ee8200000ull,
    0x3fcd8f67a2000000ull, 0x3fda13eebcc00000ull, 0x3fd201a39e800000ull, 0x3fe84dd6f9e00000ull,
    0x3fe1c88561000000ull, 0x3f9ece15f0000000ull, 0x3fe4280751000000ull, 0x3fdb65069fc00000ull,
};
// seed=42 raw n=1048576 [0,64)
static const unsigned int rec_mtgp32_42_raw_0[64] = {
    0xbbb4d53bu, 0xcf53ac06u, 0xe03a187du, 0xe9b34bd3u, 0x36092604u, 0xc6eaa9f3u, 0x04f1ca98u, 0xf432c4ecu,
    0x313ba9aau, 0x6c8dfc2au, 0x51a52aacu, 0xca496e3au, 0x6ca2e351u, 0x12173c78u, 0x897ce786u, 0x39258b93u,
    0x6ebbc2bfu, 0xbc179abcu, 0x393aa04cu, 0xd5bcc7e0u, 0x51ccc618u, 0xcf495d15u, 0x27d6c895u, 0x95193494u,
    0xd63d5208u, 0x37b949ccu, 0x0690ecbau, 0xb02cbd65u, 0x9c5a0f67u, 0xad4bdfd0u, 0xbb5801d8u, 0x6673327eu,
    0x7dc70f6fu, 0x03030c9eu, 0x44f94b38u, 0x985f402cu, 0xc4697d5bu, 0x40522ee7u, 0x7229288cu, 0x800aa763u,
    0xb051edf6u, 0x1b6f0144u, 0x2ff70d5cu, 0x9a5d8a3cu, 0x5d152abdu, 0x37cf7b8du, 0x559bf701u, 0x2d97bda7u,
    0x09fecef9u, 0x7d4037b5u, 0xf15041e5u, 0x513c12f1u, 0x6f4aca0bu, 0x800a8ae1u, 0xcbee8decu, 0x090ac30eu,
    0x18859560u, 0x4dbb0bd1u, 0x940baac3u, 0x0b4c11d0u, 0x030022a2u, 0xbf80deffu, 0x0af6a6abu, 0x3de59072u,
};
// seed=42 raw n=1048576 [16320,16400)
static const unsigned int rec_mtgp32_42_raw_16320[80] = {
    0xda3cb434u, 0xef7bf4b8u, 0xe9d860d7u, 0x93c2b574u, 0x6aecff3fu, 0x111f08f2u, 0x1459cfe9u, 0xfe51f56du,
    0x36135250u, 0xc092577cu, 0x253abb93u, 0xe1582363u, 0x10117e12u, 0x6f6daf0cu, 0x9a35b762u, 0xb3372f45u,
    0x7047c084u, 0x27a06e85u, 0x76586a50u, 0xf4db4118u, 0xde1eab5eu, 0x46a869f0u, 0x3095658eu, 0xe5013df8u,
    0x9023e95au, 0x02a52624u, 0x160df0b3u, 0x86fb4fcdu, 0x86f9741bu, 0x0ac6344eu, 0x42654dbau, 0xf04c397cu,
    0x78a314b3u, 0x941fbc57u, 0x25945865u, 0xddd7a7b7u, 0xf21a73f7u, 0x7e277087u, 0xcae66e55u, 0xa37ee594u,
    0x9aded23fu, 0x2cc6a5d6u, 0xe9040f4fu, 0x68662dcau, 0x8aaf3afau, 0x34393a7cu, 0x81761b98u, 0xa96a1cf9u,
    0x2672ac2eu, 0x25c0f7bbu, 0xdbe11315u, 0x27c7eadbu, 0x8f002960u, 0x09043122u, 0x8eadb4eeu, 0xd21c61eau,
    0x332abf0au, 0xe44a8226u, 0x2cab89b9u, 0xe58876beu, 0xcfc475f9u, 0xb5448696u, 0x9c6bb86cu, 0xee9f3bd6u,
    0x7766bad3u, 0x08941227u, 0xf113dc02u, 0x3c8fa887u, 0x90638065u, 0xbd2c240au, 0xd3493f19u, 0x4d4b9057u,
    0xbad37e96u, 0x81b8f2b4u, 0x1400fbc8u, 0x6f3e0c4bu, 0x6cc5fd8cu, 0x12f68b12u, 0x08531375u, 0x0844ce7au,
};
// seed=42 raw n=1048576 [1048560,1048576)
static const unsigned int rec_mtgp32_42_raw_1048560[16] = {
    0x24dc2f8eu, 0x830bdde6u, 0x48f73330u, 0xc1625135u, 0x30f1de47u, 0x5cbba255u, 0xb4c7b474u, 0x1fa796f7u,
    0x2dc0c553u, 0x1fafb1f0u, 0x69c3bdf3u, 0x6698e8ccu, 0x7977bee7u, 0x919f57d4u, 0xa1915e36u, 0x69c1179cu,
};
// seed=42 uniform n=4096 [0,16)
static const unsigned int rec_mtgp32_42_uniform_0[16] = {
    0x3f3bb4d5u, 0x3f4f53acu, 0x3f603a18u, 0x3f69b34cu, 0x3e582498u, 0x3f46eaaau, 0x3c9e3953u, 0x3f7432c5u,
    0x3e44eea7u, 0x3ed91bf8u, 0x3ea34a55u, 0x3f4a496eu, 0x3ed945c7u, 0x3d90b9e4u, 0x3f097ce8u, 0x3e64962eu,
};
// seed=42 udouble n=4096 [0,16)
static const unsigned long long rec_mtgp32_42_udouble_0[16] = {
    0x3fe7769aa7800000ull, 0x3fe9ea7580e00000ull, 0x3fec07430fc00000ull, 0x3fed36697a800000ull,
    0x3fcb049302800000ull, 0x3fe8dd553e800000ull, 0x3f93c72a64000000ull, 0x3fee86589da00000ull,
    0x3fc89dd4d5800000ull, 0x3fdb237f0ac00000ull, 0x3fd4694aab400000ull, 0x3fe9492dc7600000ull,
    0x3fdb28b8d4800000ull, 0x3fb2173c79000000ull, 0x3fe12f9cf0e00000ull, 0x3fcc92c5ca000000ull,
};

static void same32(const char *what, const void *got, const unsigned int *want, size_t n)
{
  const unsigned int *g = (const unsigned int *)got;
  for (size_t i = 0; i < n; i++)
    if (g[i] != want[i]) {
      if (failures < 20)
        printf("%s: [%zu] = %08x, want %08x\n", what, i, g[i], want[i]);
      failures++;
    }
}

static void same64(const char *what, const double *got, const unsigned long long *want, size_t n)
{
  for (size_t i = 0; i < n; i++) {
    unsigned long long b;
    memcpy(&b, &got[i], 8);
    if (b != want[i]) {
      if (failures < 20)
        printf("%s: [%zu] = %016llx, want %016llx\n", what, i, b, want[i]);
      failures++;
    }
  }
}

#define N (1 << 20)
static unsigned int host32[N];
static double host64[4096];

static curandGenerator_t make(unsigned long long seed)
{
  curandGenerator_t g;
  CHECK(curandCreateGenerator(&g, CURAND_RNG_PSEUDO_MTGP32) == CURAND_STATUS_SUCCESS);
  CHECK(curandSetPseudoRandomGeneratorSeed(g, seed) == CURAND_STATUS_SUCCESS);
  return g;
}

// The recorded values of one seed: in one call of 2^20, and in calls of
// 16330 and 2^20 - 16330.
static void raw(unsigned long long seed, unsigned int *d32, const unsigned int *at0,
                const unsigned int *at16320, const unsigned int *atend)
{
  for (int split = 0; split < 2; split++) {
    curandGenerator_t g = make(seed);
    if (split) {
      CHECK(curandGenerate(g, d32, 16330) == CURAND_STATUS_SUCCESS);
      CHECK(curandGenerate(g, d32 + 16330, N - 16330) == CURAND_STATUS_SUCCESS);
    } else {
      CHECK(curandGenerate(g, d32, N) == CURAND_STATUS_SUCCESS);
    }
    cudaMemcpy(host32, d32, sizeof host32, cudaMemcpyDeviceToHost);
    same32("raw [0,64)", host32, at0, 64);
    same32("raw [16320,16400)", host32 + 16320, at16320, 80);
    same32("raw [1048560,1048576)", host32 + N - 16, atend, 16);
    CHECK(curandDestroyGenerator(g) == CURAND_STATUS_SUCCESS);
  }
}

int main(void)
{
  unsigned int *d32;
  double *d64;
  cudaMalloc(&d32, sizeof host32);
  cudaMalloc(&d64, sizeof host64);

  raw(1234, d32, rec_mtgp32_1234_raw_0, rec_mtgp32_1234_raw_16320, rec_mtgp32_1234_raw_1048560);
  raw(42, d32, rec_mtgp32_42_raw_0, rec_mtgp32_42_raw_16320, rec_mtgp32_42_raw_1048560);

  curandGenerator_t g = make(1234);
  CHECK(curandGenerateUniform(g, (float *)d32, 4096) == CURAND_STATUS_SUCCESS);
  cudaMemcpy(host32, d32, 4 * 4096, cudaMemcpyDeviceToHost);
  same32("uniform [0,16)", host32, rec_mtgp32_1234_uniform_0, 16);
  CHECK(curandDestroyGenerator(g) == CURAND_STATUS_SUCCESS);
  g = make(42);
  CHECK(curandGenerateUniformDouble(g, d64, 4096) == CURAND_STATUS_SUCCESS);
  cudaMemcpy(host64, d64, sizeof host64, cudaMemcpyDeviceToHost);
  same64("udouble [0,16)", host64, rec_mtgp32_42_udouble_0, 16);
  CHECK(curandSetGeneratorOffset(g, 100) == CURAND_STATUS_TYPE_ERROR);
  CHECK(curandGenerateNormal(g, (float *)d32, 3, 0.0f, 1.0f) == CURAND_STATUS_SUCCESS);
  CHECK(curandDestroyGenerator(g) == CURAND_STATUS_SUCCESS);

  // A new seed after values were generated changes nothing on the GPU: the
  // engines go on with seed 1234 (measured on an H100, CUDA 13). Before any
  // value, the last seed counts.
  g = make(1234);
  CHECK(curandGenerate(g, d32, 1) == CURAND_STATUS_SUCCESS);
  CHECK(curandSetPseudoRandomGeneratorSeed(g, 42) == CURAND_STATUS_SUCCESS);
  CHECK(curandGenerate(g, d32, 63) == CURAND_STATUS_SUCCESS);
  cudaMemcpy(host32, d32, 4 * 63, cudaMemcpyDeviceToHost);
  same32("seed 42 after 1 value of seed 1234", host32, rec_mtgp32_1234_raw_0 + 1, 63);
  CHECK(curandGenerate(g, d32, 16320 - 64) == CURAND_STATUS_SUCCESS);
  CHECK(curandSetPseudoRandomGeneratorSeed(g, 7) == CURAND_STATUS_SUCCESS);
  CHECK(curandGenerate(g, d32, 80) == CURAND_STATUS_SUCCESS);
  cudaMemcpy(host32, d32, 4 * 80, cudaMemcpyDeviceToHost);
  same32("seed 7 after 16320 values of seed 1234", host32, rec_mtgp32_1234_raw_16320, 80);
  CHECK(curandDestroyGenerator(g) == CURAND_STATUS_SUCCESS);
  g = make(1234);
  CHECK(curandSetPseudoRandomGeneratorSeed(g, 42) == CURAND_STATUS_SUCCESS);
  CHECK(curandGenerate(g, d32, 64) == CURAND_STATUS_SUCCESS);
  cudaMemcpy(host32, d32, 4 * 64, cudaMemcpyDeviceToHost);
  same32("seed 42 before any value", host32, rec_mtgp32_42_raw_0, 64);
  CHECK(curandDestroyGenerator(g) == CURAND_STATUS_SUCCESS);

  cudaFree(d32);
  cudaFree(d64);
  return finish("curand_mtgp32");
}
