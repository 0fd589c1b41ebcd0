//! Cosine, dot-product, int8·f32 and Hamming kernels with runtime dispatch (E8).
//!
//! Four kernels compute the same sums in different instruction sets (the int8·f32 dot
//! [`Kernel::dot_i8`] sign-extends the codes to `i32`, converts them to `f32` exactly and
//! accumulates the same way):
//!
//! | [`Isa`] | where it runs | accumulators |
//! | --- | --- | --- |
//! | [`Isa::Avx512`] | x86-64 with AVX-512F | 4 × 16 lanes |
//! | [`Isa::Avx2Fma`] | x86-64 with AVX2 and FMA | 4 × 8 lanes |
//! | [`Isa::Neon`] | aarch64 | 4 × 4 lanes |
//! | [`Isa::Scalar`] | everywhere | 8 independent `f32` sums |
//!
//! [`Kernel::best`] detects the CPU once and caches the answer for the life of the process. A
//! [`Kernel`] value is a proof that its instruction set is available on this CPU: the only ways
//! to get one are [`Kernel::best`], [`Kernel::of`] and [`Kernel::available`], which check, so the
//! safe methods on it never execute an instruction the CPU lacks.
//!
//! The AVX-512 kernel compiles on stable Rust and is exercised only on a CPU that has AVX-512F;
//! on one without it, [`Kernel::of`]`(Isa::Avx512)` is `None` and the tests skip it. The NEON
//! kernel is compiled and tested on aarch64 only.
//!
//! [`Kernel::hamming`] counts the differing bits of packed sign words, stored in groups of eight
//! rows ([`Lanes`]): with AVX-512 VPOPCNTDQ (one word of eight rows a register) where the CPU
//! has it beside
//! AVX-512F, else with the `popcnt` instruction (detected at run time beside AVX2 or
//! AVX-512F), else with `u64::count_ones` in the baseline instruction set (on aarch64 that
//! compiles to NEON `cnt`). It is exact, so it equals [`reference_hamming`].
//!
//! [`Kernel::dot_i8_i8`] is the exact `i32` dot product of two int8 vectors: with AVX-512 VNNI
//! where the CPU has it beside AVX-512F and AVX-512BW, else AVX2, else portable Rust. It is
//! exact, so it equals [`reference_dot_i8_i8`] (tests at every length to 200 and every offset
//! of both inputs, and a proptest). The scan does not use it yet: it is the kernel of an
//! integer pre-filter for stage 2 over a whole scope (issue 20's uniform worst case).
//!
//! Every kernel reads its input with unaligned loads, so any slice is accepted whatever its
//! address: redb hands out byte slices with no alignment guarantee, and this crate never casts
//! them; it decodes them into owned buffers (see [`ScopeVectors`](crate::ScopeVectors)).
//!
//! # Agreement with the scalar reference
//!
//! [`reference_dot`] and [`reference_cosine`] are plain sequential loops. The kernels add the
//! same products in another order, so they differ by rounding only. For `n` components, with
//! `ε = f32::EPSILON` (2⁻²³, one ulp of 1.0), every kernel satisfies
//!
//! - dot: `|dot − reference_dot| ≤ 1.01·n·ε·Σ|aᵢbᵢ| + n·2⁻¹⁴⁹` ([`dot_error_bound`]), and
//!   the same for the int8·f32 dot against [`reference_dot_i8`] ([`dot_i8_error_bound`]);
//! - cosine: `|cosine − reference_cosine| ≤ (2.01·n + 2)·ε` ([`cosine_error_bound`]), for vectors
//!   whose magnitudes lie in `1e-15..=1e15`, where the `f32` sums of squares this function
//!   accumulates neither overflow nor approach the subnormal range. (The scan does not use it:
//!   it multiplies dot products by inverse magnitudes computed in `f64`, which is what lets it
//!   score every accepted embedding, see [`MIN_MAGNITUDE`](crate::MIN_MAGNITUDE).)
//!
//! The multi-row kernels ([`Kernel::dots`], [`Kernel::scan`]) reduce several rows' sums
//! together, in the order of one row's horizontal sum, so each row's dot product is bit for bit
//! the [`Kernel::dot`] of the same kernel (the tests check it at every length, row count and
//! offset): an exact scan and a row scored on its own never disagree.
//!
//! These are the classical worst-case bounds of floating-point summation (each side is within
//! `γₙ·Σ|aᵢbᵢ|` of the exact sum, `γₙ = n·u/(1 − n·u)`, `u = ε/2`), so they hold for any input,
//! including inputs with heavy cancellation. In practice the two agree to a few ulps. The tests
//! check them at every length from 0 to 67 and every start offset modulo 64 bytes, and proptest
//! checks them on random lengths, offsets and magnitudes.

#![allow(unsafe_code)]

use std::sync::OnceLock;

/// An instruction set a [`Kernel`] can use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Isa {
    /// x86-64 AVX-512F: 16 lanes, fused multiply-add, masked nothing (the tail is scalar).
    Avx512,
    /// x86-64 AVX2 with FMA: 8 lanes, fused multiply-add.
    Avx2Fma,
    /// aarch64 Advanced SIMD: 4 lanes, fused multiply-add.
    Neon,
    /// Portable Rust with eight independent sums; the compiler may vectorise it further.
    Scalar,
}

impl Isa {
    /// Every instruction set, fastest first.
    pub const ALL: [Isa; 4] = [Isa::Avx512, Isa::Avx2Fma, Isa::Neon, Isa::Scalar];

    /// A short name, e.g. `"avx2+fma"`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Isa::Avx512 => "avx512",
            Isa::Avx2Fma => "avx2+fma",
            Isa::Neon => "neon",
            Isa::Scalar => "scalar",
        }
    }

    fn supported(self) -> bool {
        match self {
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 => std::arch::is_x86_feature_detected!("avx512f"),
            #[cfg(target_arch = "x86_64")]
            Isa::Avx2Fma => {
                std::arch::is_x86_feature_detected!("avx2")
                    && std::arch::is_x86_feature_detected!("fma")
            }
            #[cfg(target_arch = "aarch64")]
            Isa::Neon => std::arch::is_aarch64_feature_detected!("neon"),
            Isa::Scalar => true,
            _ => false,
        }
    }
}

impl std::fmt::Display for Isa {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A kernel whose instruction set this CPU has. Cheap to copy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Kernel {
    isa: Isa,
    /// How [`Kernel::hamming`] counts bits, detected with the instruction set.
    bits: Bits,
    /// How [`Kernel::dot_i8_i8`] multiplies bytes, detected with the instruction set.
    ints: Ints,
}

/// The integer instructions a [`Kernel`] uses for [`Kernel::dot_i8_i8`]: AVX-512 VNNI
/// (`vpdpbusd`, 64 byte products a instruction) beside AVX-512F and AVX-512BW, else AVX2
/// (bytes widened to `i16`, `vpmaddwd`), else portable Rust (on aarch64 the compiler's own
/// vectorisation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Ints {
    #[cfg(target_arch = "x86_64")]
    Vnni,
    #[cfg(target_arch = "x86_64")]
    Avx2,
    Portable,
}

impl Ints {
    /// The fastest byte product to pair with `isa` on this CPU (the scalar kernel keeps the
    /// portable one).
    fn detect(isa: Isa) -> Ints {
        match isa {
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512
                if std::arch::is_x86_feature_detected!("avx512f")
                    && std::arch::is_x86_feature_detected!("avx512bw")
                    && std::arch::is_x86_feature_detected!("avx512vnni") =>
            {
                Ints::Vnni
            }
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 | Isa::Avx2Fma if std::arch::is_x86_feature_detected!("avx2") => Ints::Avx2,
            _ => Ints::Portable,
        }
    }
}

/// The population-count instructions a [`Kernel`] uses for [`Kernel::hamming`]: AVX-512
/// VPOPCNTDQ beside AVX-512F, the `popcnt` instruction beside AVX2 (or AVX-512F without
/// VPOPCNTDQ), else `u64::count_ones` compiled for the baseline (on aarch64 that is NEON `cnt`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Bits {
    #[cfg(target_arch = "x86_64")]
    Vpopcntdq,
    #[cfg(target_arch = "x86_64")]
    Popcnt,
    Portable,
}

impl Bits {
    /// The fastest bit count to pair with `isa` on this CPU (the scalar kernel keeps the
    /// portable one: it is the reference).
    fn detect(isa: Isa) -> Bits {
        match isa {
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512
                if std::arch::is_x86_feature_detected!("avx512f")
                    && std::arch::is_x86_feature_detected!("avx512vpopcntdq") =>
            {
                Bits::Vpopcntdq
            }
            #[cfg(target_arch = "x86_64")]
            Isa::Avx512 | Isa::Avx2Fma if std::arch::is_x86_feature_detected!("popcnt") => {
                Bits::Popcnt
            }
            _ => Bits::Portable,
        }
    }
}

static BEST: OnceLock<Isa> = OnceLock::new();

impl Kernel {
    /// The fastest kernel this CPU supports, detected on first use and cached.
    #[must_use]
    pub fn best() -> Kernel {
        let isa = *BEST.get_or_init(|| {
            Isa::ALL
                .into_iter()
                .find(|isa| isa.supported())
                .unwrap_or(Isa::Scalar)
        });
        Kernel::checked(isa)
    }

    /// The kernel for an `isa` known to be supported.
    fn checked(isa: Isa) -> Kernel {
        Kernel {
            isa,
            bits: Bits::detect(isa),
            ints: Ints::detect(isa),
        }
    }

    /// The kernel for `isa`, or `None` when this CPU lacks it.
    #[must_use]
    pub fn of(isa: Isa) -> Option<Kernel> {
        isa.supported().then(|| Kernel::checked(isa))
    }

    /// Every kernel this CPU supports, fastest first (always ends with [`Isa::Scalar`]).
    #[must_use]
    pub fn available() -> Vec<Kernel> {
        Isa::ALL.into_iter().filter_map(Kernel::of).collect()
    }

    /// The instruction set this kernel uses.
    #[must_use]
    pub fn isa(self) -> Isa {
        self.isa
    }

    /// `Σ aᵢbᵢ`, or `None` when the lengths differ.
    #[must_use]
    pub fn dot(self, a: &[f32], b: &[f32]) -> Option<f32> {
        (a.len() == b.len()).then(|| self.dot_prefix(a, b))
    }

    /// The cosine of the angle between `a` and `b`, clamped to `[-1, 1]`; `None` when the
    /// lengths differ or either vector has a zero or non-finite magnitude (cosine is undefined
    /// there).
    #[must_use]
    pub fn cosine(self, a: &[f32], b: &[f32]) -> Option<f32> {
        if a.len() != b.len() {
            return None;
        }
        let (ab, aa, bb) = self.parts(a, b);
        finish_cosine(ab, aa, bb)
    }

    /// The dot product of the common prefix of `a` and `b`.
    pub(crate) fn dot_prefix(self, a: &[f32], b: &[f32]) -> f32 {
        match self.isa {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: a `Kernel` with this ISA exists only if `Isa::supported` saw AVX-512F on
            // this CPU (see `Kernel::of` / `Kernel::best`).
            Isa::Avx512 => unsafe { x86::dot_avx512(a, b) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as above, AVX2 and FMA were detected.
            Isa::Avx2Fma => unsafe { x86::dot_avx2(a, b) },
            #[cfg(target_arch = "aarch64")]
            // SAFETY: as above, NEON was detected.
            Isa::Neon => unsafe { arm::dot_neon(a, b) },
            _ => portable::dot(a, b),
        }
    }

    /// `(Σ aᵢbᵢ, Σ aᵢ², Σ bᵢ²)` over the common prefix, in one pass.
    pub(crate) fn parts(self, a: &[f32], b: &[f32]) -> (f32, f32, f32) {
        match self.isa {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: AVX-512F was detected (a `Kernel` proves it).
            Isa::Avx512 => unsafe { x86::parts_avx512(a, b) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: AVX2 and FMA were detected (a `Kernel` proves it).
            Isa::Avx2Fma => unsafe { x86::parts_avx2(a, b) },
            #[cfg(target_arch = "aarch64")]
            // SAFETY: NEON was detected (a `Kernel` proves it).
            Isa::Neon => unsafe { arm::parts_neon(a, b) },
            _ => portable::parts(a, b),
        }
    }

    /// `out[r] = dot(query, row r of rows)` where rows are `query.len()` floats each, bit for
    /// bit [`dot`](Self::dot) of each row. Rows past `out.len()` are not read; `out` slots past
    /// the last row are left as they are. Several rows are scored per pass (see
    /// [`scan`](Self::scan)).
    pub fn dots(self, query: &[f32], rows: &[f32], out: &mut [f32]) {
        if query.is_empty() {
            return;
        }
        let n = (rows.len() / query.len()).min(out.len());
        let (rows, out) = (&rows[..n * query.len()], &mut out[..n]);
        match self.isa {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: AVX-512F was detected (a `Kernel` proves it).
            Isa::Avx512 => unsafe { x86::dots_avx512(query, rows, out) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: AVX2 and FMA were detected (a `Kernel` proves it).
            Isa::Avx2Fma => unsafe { x86::dots_avx2(query, rows, out) },
            #[cfg(target_arch = "aarch64")]
            // SAFETY: NEON was detected (a `Kernel` proves it).
            Isa::Neon => unsafe { arm::dots_neon(query, rows, out) },
            _ => {
                for (o, row) in out.iter_mut().zip(rows.chunks_exact(query.len())) {
                    *o = portable::dot(query, row);
                }
            }
        }
    }

    /// The exact scan of contiguous rows for a top-k: scores every row and hands the caller
    /// only those that can still enter its answer.
    ///
    /// - **Rows**: `rows` holds `query.len()` floats a row; the rows scanned are the first
    ///   `min(rows.len() / query.len(), inv_norms.len())` (none when `query` is empty).
    /// - **Score** of row `r`: `(dot(query, row r) · inv_norms[r]) · inv_q + 0.0`, each step
    ///   rounded to `f32`, with the dot product bit for bit [`dot`](Self::dot): with the inverse
    ///   norms of a [`Query`](crate::Query) and its embeddings, bit for bit
    ///   [`Query::score_with`](crate::Query::score_with).
    /// - **Threshold**: `take(r, score)` is called, in increasing `r`, for every row whose score
    ///   is not `≤` the threshold in force: `threshold` for the first row, then what the last
    ///   call of `take` returned (`None`: no threshold, every row is taken; a NaN score is
    ///   always taken; `-0.0` counts as `0.0`). A row whose score is `≤` it is skipped. A caller
    ///   keeping the best `k` (higher score first, equal scores by smaller row first) returns
    ///   its worst score once it holds `k`: a skipped row could not have entered, so the answer
    ///   is the one of pushing every row.
    ///
    /// The kernels score 16 rows a pass (AVX-512F; AVX2: 8; NEON: 4). Each row is read from
    /// start to end, one after the other (the order the hardware prefetcher streams best:
    /// reading four rows side by side measured 1.7× slower, 100k × 384, AVX-512F), into a
    /// vector of partial sums; the pass's vectors are then reduced together (a transposed
    /// reduction in the order of one row's horizontal sum, hence the same bits), scaled by the
    /// inverse norms and compared with the threshold in vector registers, so only a row that
    /// beats it leaves them. The loop is left to the loads: on rows that start on a cache line
    /// it reads at 0.9–1.0 of the speed of a plain read-and-sum (`benches/floor.rs`); rows that
    /// do not cost it about a fifth.
    pub fn scan(
        self,
        query: &[f32],
        rows: &[f32],
        inv_norms: &[f32],
        inv_q: f32,
        threshold: Option<f32>,
        mut take: impl FnMut(usize, f32) -> Option<f32>,
    ) {
        if query.is_empty() {
            return;
        }
        let n = (rows.len() / query.len()).min(inv_norms.len());
        let (rows, scales) = (&rows[..n * query.len()], &inv_norms[..n]);
        let mut scan = Scan {
            inv_q,
            limit: limit(threshold),
            take: &mut take,
        };
        match self.isa {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: AVX-512F was detected (a `Kernel` proves it).
            Isa::Avx512 => unsafe { x86::scan_avx512(query, rows, scales, &mut scan) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: AVX2 and FMA were detected (a `Kernel` proves it).
            Isa::Avx2Fma => unsafe { x86::scan_avx2(query, rows, scales, &mut scan) },
            #[cfg(target_arch = "aarch64")]
            // SAFETY: NEON was detected (a `Kernel` proves it).
            Isa::Neon => unsafe { arm::scan_neon(query, rows, scales, &mut scan) },
            _ => {
                for (r, (row, &s)) in rows.chunks_exact(query.len()).zip(scales).enumerate() {
                    scan.offer(r, portable::dot(query, row) * s);
                }
            }
        }
    }
}

/// A slice cut as the vector kernels read it: groups of four `W`-float chunks, the chunks left
/// over, and the floats left over.
type Cut<'a, const W: usize> = (&'a [[[f32; W]; 4]], &'a [[f32; W]], &'a [f32]);

/// `x` cut as the vector kernels read it ([`Cut`]).
#[cfg_attr(
    not(any(target_arch = "x86_64", target_arch = "aarch64")),
    allow(dead_code)
)]
#[inline(always)]
fn cut<const W: usize>(x: &[f32]) -> Cut<'_, W> {
    let (chunks, tail) = x.as_chunks::<W>();
    let (groups, rest) = chunks.as_chunks::<4>();
    (groups, rest, tail)
}

/// A threshold as the kernels compare it: NaN for none (every comparison with it is false, so
/// every row is taken), `-0.0` as `0.0`.
fn limit(threshold: Option<f32>) -> f32 {
    threshold.map_or(f32::NAN, |t| t + 0.0)
}

/// The state of one [`Kernel::scan`]: the query's inverse norm, the threshold in force and the
/// caller's `take`.
struct Scan<'a, F: FnMut(usize, f32) -> Option<f32>> {
    inv_q: f32,
    limit: f32,
    take: &'a mut F,
}

impl<F: FnMut(usize, f32) -> Option<f32>> Scan<'_, F> {
    /// Row `r`, its dot product already multiplied by its inverse norm: finishes the score and
    /// hands it to `take` unless it is `≤` the threshold.
    #[inline]
    fn offer(&mut self, r: usize, scaled: f32) {
        self.offer_score(r, scaled * self.inv_q + 0.0);
    }

    /// Row `r` with its finished score.
    #[inline]
    fn offer_score(&mut self, r: usize, score: f32) {
        let below = score.partial_cmp(&self.limit).is_some_and(|o| o.is_le());
        if !below {
            self.limit = limit((self.take)(r, score));
        }
    }

    /// Rows `first..first + scores.len()` with their finished scores, some of which a vector
    /// comparison found not `≤` the threshold: each is checked again against the threshold in
    /// force (which the previous ones may have raised).
    #[cold]
    fn offer_block(&mut self, first: usize, scores: &[f32], passed: u64) {
        let mut bits = passed;
        while bits != 0 {
            let j = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            if let Some(&score) = scores.get(j) {
                self.offer_score(first + j, score);
            }
        }
    }
}

impl Kernel {
    /// `Σ cᵢqᵢ` of int8 codes and `f32` components (each code converted exactly to `f32`), or
    /// `None` when the lengths differ. Agrees with [`reference_dot_i8`] within
    /// [`dot_i8_error_bound`].
    #[must_use]
    pub fn dot_i8(self, codes: &[i8], q: &[f32]) -> Option<f32> {
        (codes.len() == q.len()).then(|| self.dot_i8_prefix(codes, q))
    }

    /// [`dot_i8`](Self::dot_i8) over the common prefix.
    pub(crate) fn dot_i8_prefix(self, codes: &[i8], q: &[f32]) -> f32 {
        match self.isa {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: a `Kernel` with this ISA exists only if `Isa::supported` saw AVX-512F on
            // this CPU (see `Kernel::of` / `Kernel::best`).
            Isa::Avx512 => unsafe { x86::dot_i8_avx512(codes, q) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: as above, AVX2 and FMA were detected.
            Isa::Avx2Fma => unsafe { x86::dot_i8_avx2(codes, q) },
            #[cfg(target_arch = "aarch64")]
            // SAFETY: as above, NEON was detected.
            Isa::Neon => unsafe { arm::dot_i8_neon(codes, q) },
            _ => portable::dot_i8(codes, q),
        }
    }

    /// `Σ aᵢbᵢ` of two int8 vectors, exact in `i32`, or `None` when the lengths differ. Equals
    /// [`reference_dot_i8_i8`]. No input of at most 131 072 components (eight times
    /// [`MAX_DIMENSION`](crate::MAX_DIMENSION)) can leave the `i32` range; past it the sum
    /// wraps, the same way in every kernel.
    #[must_use]
    pub fn dot_i8_i8(self, a: &[i8], b: &[i8]) -> Option<i32> {
        (a.len() == b.len()).then(|| self.dot_i8_i8_prefix(a, b))
    }

    /// [`dot_i8_i8`](Self::dot_i8_i8) over the common prefix.
    pub(crate) fn dot_i8_i8_prefix(self, a: &[i8], b: &[i8]) -> i32 {
        match self.ints {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `Ints::Vnni` is chosen only when AVX-512F, AVX-512BW and AVX-512 VNNI
            // were detected on this CPU (`Ints::detect`), and a `Kernel` is built only that way.
            Ints::Vnni => unsafe { x86::dot_i8_i8_vnni(a, b) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `Ints::Avx2` is chosen only when AVX2 was detected (`Ints::detect`).
            Ints::Avx2 => unsafe { x86::dot_i8_i8_avx2(a, b) },
            Ints::Portable => portable::dot_i8_i8(a, b),
        }
    }

    /// `out[i] = Σⱼ query[j]·rows[i·d + j]` for the rows of `d = query.len()` bytes laid end to
    /// end in `rows`, exact in `i32` as [`dot_i8_i8`](Self::dot_i8_i8), written for the first
    /// `min(out.len(), rows.len() / d)` rows (none when `query` is empty); the rest of `out` is
    /// left as it is. The scan's pass over every row of a chunk: with AVX-512 VNNI it reads the
    /// rows in address order, one after another, and takes the sign-flip correction off once
    /// per call.
    pub fn dots_i8_i8(self, query: &[i8], rows: &[i8], out: &mut [i32]) {
        let d = query.len();
        if d == 0 {
            return;
        }
        let n = out.len().min(rows.len() / d);
        let (rows, out) = (&rows[..n * d], &mut out[..n]);
        match self.ints {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `Ints::Vnni` is chosen only when AVX-512F, AVX-512BW and AVX-512 VNNI
            // were detected on this CPU (`Ints::detect`).
            Ints::Vnni => unsafe { x86::dots_i8_i8_vnni(query, rows, out) },
            _ => {
                for (o, row) in out.iter_mut().zip(rows.chunks_exact(d)) {
                    *o = self.dot_i8_i8_prefix(row, query);
                }
            }
        }
    }

    /// Hamming distances of `query` to rows stored in groups of eight: `groups` holds, for
    /// each group of rows `8g..8g + 8`, `query.len()` [`Lanes`], the `j`-th holding word `j` of
    /// each of the eight rows. `out[8g + l] = Σⱼ popcount(query[j] XOR groups[g·w + j][l])`,
    /// written for as many rows as `out` has room for; slots past the last group are left as
    /// they are. Equals [`reference_hamming`].
    pub fn hamming(self, query: &[u64], groups: &[Lanes], out: &mut [u32]) {
        if query.is_empty() {
            return;
        }
        match self.bits {
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `Bits::Vpopcntdq` is chosen only when AVX-512F and AVX-512 VPOPCNTDQ were
            // detected on this CPU (`Bits::detect`), and a `Kernel` is built only that way.
            Bits::Vpopcntdq => unsafe { x86::hamming_vpopcntdq(query, groups, out) },
            #[cfg(target_arch = "x86_64")]
            // SAFETY: `Bits::Popcnt` is chosen only when `popcnt` was detected (`Bits::detect`).
            Bits::Popcnt => unsafe { x86::hamming_popcnt(query, groups, out) },
            Bits::Portable => portable::hamming(query, groups, out),
        }
    }
}

/// Asks the CPU to start bringing the cache lines of `data` toward its caches, for a read soon
/// after: a hint with no effect on any result (on x86-64 one `prefetcht0` per 64-byte line,
/// part of the baseline; nothing elsewhere). Stage 2 issues it a few candidates ahead of the
/// row it scores, whose codes lie at scattered addresses, so that their loads overlap instead of
/// waiting one after another.
pub fn prefetch<T>(data: &[T]) {
    #[cfg(target_arch = "x86_64")]
    {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        let bytes = std::mem::size_of_val(data);
        let start = data.as_ptr().cast::<i8>();
        for offset in (0..bytes).step_by(64) {
            // SAFETY: `offset < bytes`, the size of `data`, so the address is inside the slice
            // (`wrapping_add` computes it without assuming so, and a prefetch never faults nor
            // reads into the program: it is a hint to the cache, on any address).
            unsafe { _mm_prefetch::<_MM_HINT_T0>(start.wrapping_add(offset)) };
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = data;
}

/// Word `j` of eight rows, aligned to a cache line: the unit of the sign bits' layout (see
/// [`Kernel::hamming`]), so that one register load brings one word of eight rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, bytemuck::Pod, bytemuck::Zeroable)]
#[repr(C, align(64))]
pub struct Lanes(pub [u64; 8]);

/// The scalar reference of [`Kernel::dot_i8`]: `Σ cᵢqᵢ` summed left to right in `f32`, or
/// `None` when the lengths differ.
#[must_use]
pub fn reference_dot_i8(codes: &[i8], q: &[f32]) -> Option<f32> {
    (codes.len() == q.len()).then(|| {
        codes
            .iter()
            .zip(q)
            .fold(0.0_f32, |s, (&c, &x)| s + f32::from(c) * x)
    })
}

/// The largest difference [`Kernel::dot_i8`] may show from [`reference_dot_i8`]:
/// `1.01·n·ε·Σ|cᵢqᵢ| + n·2⁻¹⁴⁹`, the bound of [`dot_error_bound`] (a code is an `f32` exactly).
#[must_use]
pub fn dot_i8_error_bound(codes: &[i8], q: &[f32]) -> f64 {
    let n = codes.len().min(q.len()) as f64;
    let magnitude: f64 = codes
        .iter()
        .zip(q)
        .map(|(&c, &x)| (f64::from(c) * f64::from(x)).abs())
        .sum();
    1.01 * n * f64::from(f32::EPSILON) * magnitude + n * f64::from(f32::from_bits(1))
}

/// The scalar reference of [`Kernel::dot_i8_i8`]: `Σ aᵢbᵢ` summed left to right in `i32`
/// (wrapping), or `None` when the lengths differ.
#[must_use]
pub fn reference_dot_i8_i8(a: &[i8], b: &[i8]) -> Option<i32> {
    (a.len() == b.len()).then(|| {
        a.iter().zip(b).fold(0_i32, |s, (&x, &y)| {
            s.wrapping_add(i32::from(x) * i32::from(y))
        })
    })
}

/// The scalar reference of [`Kernel::hamming`]: `u64::count_ones` word by word, row by row.
pub fn reference_hamming(query: &[u64], groups: &[Lanes], out: &mut [u32]) {
    if query.is_empty() {
        return;
    }
    for (group, o) in groups.chunks_exact(query.len()).zip(out.chunks_mut(8)) {
        for (l, slot) in o.iter_mut().enumerate() {
            *slot = group
                .iter()
                .zip(query)
                .map(|(lanes, q)| (lanes.0[l] ^ q).count_ones())
                .sum();
        }
    }
}

/// The scalar reference dot product: `Σ aᵢbᵢ` summed left to right in `f32`, or `None` when the
/// lengths differ.
#[must_use]
pub fn reference_dot(a: &[f32], b: &[f32]) -> Option<f32> {
    (a.len() == b.len()).then(|| a.iter().zip(b).fold(0.0_f32, |s, (x, y)| s + x * y))
}

/// The scalar reference cosine: the three sums left to right in `f32`, then
/// `ab / √(aa·bb)` in `f64`, rounded to `f32` and clamped to `[-1, 1]`. `None` when the lengths
/// differ or a magnitude is zero or non-finite.
#[must_use]
pub fn reference_cosine(a: &[f32], b: &[f32]) -> Option<f32> {
    if a.len() != b.len() {
        return None;
    }
    let (mut ab, mut aa, mut bb) = (0.0_f32, 0.0_f32, 0.0_f32);
    for (x, y) in a.iter().zip(b) {
        ab += x * y;
        aa += x * x;
        bb += y * y;
    }
    finish_cosine(ab, aa, bb)
}

/// The largest difference [`Kernel::dot`] may show from [`reference_dot`] on `a` and `b`:
/// `1.01·n·ε·Σ|aᵢbᵢ| + n·2⁻¹⁴⁹` (see the module docs).
#[must_use]
pub fn dot_error_bound(a: &[f32], b: &[f32]) -> f64 {
    let n = a.len().min(b.len()) as f64;
    let magnitude: f64 = a
        .iter()
        .zip(b)
        .map(|(x, y)| (f64::from(*x) * f64::from(*y)).abs())
        .sum();
    1.01 * n * f64::from(f32::EPSILON) * magnitude + n * f64::from(f32::from_bits(1))
}

/// The largest difference [`Kernel::cosine`] may show from [`reference_cosine`] for vectors of
/// `n` components whose magnitudes lie in `1e-15..=1e15` (see the module docs): `(2.01·n + 2)·ε`.
#[must_use]
pub fn cosine_error_bound(n: usize) -> f64 {
    (2.01 * n as f64 + 2.0) * f64::from(f32::EPSILON)
}

fn finish_cosine(ab: f32, aa: f32, bb: f32) -> Option<f32> {
    let finite = ab.is_finite() && aa.is_finite() && bb.is_finite();
    if !finite || aa <= 0.0 || bb <= 0.0 {
        return None;
    }
    let cosine = f64::from(ab) / (f64::from(aa) * f64::from(bb)).sqrt();
    Some((cosine as f32).clamp(-1.0, 1.0))
}

/// Sixteen `f32`s aligned to 64 bytes: the tests place inputs at every offset from a cache
/// line with it.
#[cfg(test)]
#[derive(Debug, Clone, Copy, PartialEq, bytemuck::Pod, bytemuck::Zeroable)]
#[repr(C, align(64))]
pub(crate) struct Block(pub(crate) [f32; 16]);

/// Floats per [`Block`].
#[cfg(test)]
pub(crate) const BLOCK_FLOATS: usize = 16;

/// The floats of `blocks`, in order.
#[cfg(test)]
pub(crate) fn floats(blocks: &[Block]) -> &[f32] {
    bytemuck::cast_slice(blocks)
}

/// The floats of `blocks`, in order, for writing.
#[cfg(test)]
pub(crate) fn floats_mut(blocks: &mut [Block]) -> &mut [f32] {
    bytemuck::cast_slice_mut(blocks)
}

mod portable {
    //! Eight independent sums: a dependency chain short enough to keep a scalar FPU busy, and a
    //! shape the compiler can vectorise for whatever baseline it targets.

    pub(super) fn dot(a: &[f32], b: &[f32]) -> f32 {
        let n = a.len().min(b.len());
        let (a8, a_tail) = a[..n].as_chunks::<8>();
        let (b8, b_tail) = b[..n].as_chunks::<8>();
        let mut acc = [0.0_f32; 8];
        for (x, y) in a8.iter().zip(b8) {
            mul_add8(&mut acc, x, y);
        }
        let mut sum = reduce8(acc);
        for (x, y) in a_tail.iter().zip(b_tail) {
            sum += x * y;
        }
        sum
    }

    /// Three passes of [`dot`] over inputs that sit in L1: interleaving the three sums in one
    /// loop leads the compiler into lane shuffles and register spills on a baseline target.
    pub(super) fn parts(a: &[f32], b: &[f32]) -> (f32, f32, f32) {
        let n = a.len().min(b.len());
        let (a, b) = (&a[..n], &b[..n]);
        (dot(a, b), dot(a, a), dot(b, b))
    }

    /// Eight independent sums of `cᵢ·qᵢ`, as [`dot`].
    pub(super) fn dot_i8(c: &[i8], q: &[f32]) -> f32 {
        let n = c.len().min(q.len());
        let (c8, c_tail) = c[..n].as_chunks::<8>();
        let (q8, q_tail) = q[..n].as_chunks::<8>();
        let mut acc = [0.0_f32; 8];
        for (x, y) in c8.iter().zip(q8) {
            for i in 0..8 {
                acc[i] += f32::from(x[i]) * y[i];
            }
        }
        let mut sum = reduce8(acc);
        for (x, y) in c_tail.iter().zip(q_tail) {
            sum += f32::from(*x) * y;
        }
        sum
    }

    /// Sixteen independent `i32` sums of `aᵢ·bᵢ` (wrapping), a shape the compiler vectorises.
    pub(super) fn dot_i8_i8(a: &[i8], b: &[i8]) -> i32 {
        let n = a.len().min(b.len());
        let (a16, a_tail) = a[..n].as_chunks::<16>();
        let (b16, b_tail) = b[..n].as_chunks::<16>();
        let mut acc = [0_i32; 16];
        for (x, y) in a16.iter().zip(b16) {
            for i in 0..16 {
                acc[i] = acc[i].wrapping_add(i32::from(x[i]) * i32::from(y[i]));
            }
        }
        let mut sum = acc.iter().fold(0_i32, |s, &x| s.wrapping_add(x));
        for (x, y) in a_tail.iter().zip(b_tail) {
            sum = sum.wrapping_add(i32::from(*x) * i32::from(*y));
        }
        sum
    }

    /// Eight rows at a time with `count_ones`, in the baseline instruction set.
    pub(super) fn hamming(query: &[u64], groups: &[super::Lanes], out: &mut [u32]) {
        for (group, o) in groups.chunks_exact(query.len()).zip(out.chunks_mut(8)) {
            let mut sums = [0_u32; 8];
            for (lanes, q) in group.iter().zip(query) {
                for (s, x) in sums.iter_mut().zip(lanes.0) {
                    *s += (x ^ q).count_ones();
                }
            }
            o.copy_from_slice(&sums[..o.len()]);
        }
    }

    /// `acc[i] += x[i]·y[i]` lane by lane: one whole-array step the compiler maps onto its
    /// vector registers.
    #[inline(always)]
    fn mul_add8(acc: &mut [f32; 8], x: &[f32; 8], y: &[f32; 8]) {
        for i in 0..8 {
            acc[i] += x[i] * y[i];
        }
    }

    /// Halves, then halves again: the order a vector register is reduced in, so the compiler
    /// keeps the lanes where they are.
    fn reduce8(v: [f32; 8]) -> f32 {
        let h = [v[0] + v[4], v[1] + v[5], v[2] + v[6], v[3] + v[7]];
        let q = [h[0] + h[2], h[1] + h[3]];
        q[0] + q[1]
    }
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    //! AVX2+FMA and AVX-512F kernels. Each is a safe function compiled for its target feature;
    //! calling it is unsafe only because the CPU must have that feature, which the caller
    //! proves with a [`Kernel`](super::Kernel). Loads are unaligned (`loadu`) from fixed-size
    //! array references, so no load can leave its slice.

    use std::arch::x86_64::{
        __m256, __m512, _CMP_NLE_UQ, _mm_add_ps, _mm_add_ss, _mm_cvtss_f32, _mm_movehl_ps,
        _mm_shuffle_ps, _mm256_add_ps, _mm256_castpd_ps, _mm256_castps256_ps128, _mm256_cmp_ps,
        _mm256_extractf128_ps, _mm256_fmadd_ps, _mm256_loadu_ps, _mm256_movemask_ps, _mm256_mul_ps,
        _mm256_permute2f128_ps, _mm256_permutevar8x32_ps, _mm256_set1_ps, _mm256_setr_epi32,
        _mm256_setzero_ps, _mm256_shuffle_ps, _mm256_storeu_ps, _mm512_add_ps, _mm512_castps_pd,
        _mm512_castps512_ps256, _mm512_cmp_ps_mask, _mm512_extractf64x4_pd, _mm512_fmadd_ps,
        _mm512_loadu_ps, _mm512_mul_ps, _mm512_permutexvar_ps, _mm512_set1_ps, _mm512_setr_epi32,
        _mm512_setzero_ps, _mm512_shuffle_f32x4, _mm512_shuffle_ps, _mm512_storeu_ps,
    };

    use super::{Scan, cut};

    #[inline]
    #[target_feature(enable = "avx")]
    fn load8(x: &[f32; 8]) -> __m256 {
        // SAFETY: `x` is a reference to 8 initialised f32s, so the 32 bytes read are in bounds;
        // `_mm256_loadu_ps` has no alignment requirement.
        unsafe { _mm256_loadu_ps(x.as_ptr()) }
    }

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn load16(x: &[f32; 16]) -> __m512 {
        // SAFETY: `x` is a reference to 16 initialised f32s, so the 64 bytes read are in bounds;
        // `_mm512_loadu_ps` has no alignment requirement.
        unsafe { _mm512_loadu_ps(x.as_ptr()) }
    }

    #[inline]
    #[target_feature(enable = "avx")]
    fn store8(out: &mut [f32; 8], v: __m256) {
        // SAFETY: `out` is a reference to 8 writable f32s, so the 32 bytes written are in
        // bounds; `_mm256_storeu_ps` has no alignment requirement.
        unsafe { _mm256_storeu_ps(out.as_mut_ptr(), v) }
    }

    #[inline]
    #[target_feature(enable = "avx512f")]
    fn store16(out: &mut [f32; 16], v: __m512) {
        // SAFETY: `out` is a reference to 16 writable f32s, so the 64 bytes written are in
        // bounds; `_mm512_storeu_ps` has no alignment requirement.
        unsafe { _mm512_storeu_ps(out.as_mut_ptr(), v) }
    }

    /// The sum of the eight lanes `xᵢ`: `sᵢ = xᵢ + xᵢ₊₄`, then `(s₀ + s₂) + (s₁ + s₃)`.
    #[inline]
    #[target_feature(enable = "avx")]
    fn hsum8(v: __m256) -> f32 {
        let s = _mm_add_ps(_mm256_castps256_ps128(v), _mm256_extractf128_ps::<1>(v));
        let s = _mm_add_ps(s, _mm_movehl_ps(s, s));
        _mm_cvtss_f32(_mm_add_ss(s, _mm_shuffle_ps::<0b01>(s, s)))
    }

    /// The sum of the sixteen lanes `xᵢ`: [`hsum8`] of `xᵢ + xᵢ₊₈`.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn hsum16(v: __m512) -> f32 {
        let high = _mm256_castpd_ps(_mm512_extractf64x4_pd::<1>(_mm512_castps_pd(v)));
        hsum8(_mm256_add_ps(_mm512_castps512_ps256(v), high))
    }

    #[inline]
    #[target_feature(enable = "avx2,fma")]
    pub(super) fn dot_avx2(a: &[f32], b: &[f32]) -> f32 {
        let n = a.len().min(b.len());
        let (a8, a_tail) = a[..n].as_chunks::<8>();
        let (b8, b_tail) = b[..n].as_chunks::<8>();
        let mut acc = [_mm256_setzero_ps(); 4];
        let (a32, a_rest) = a8.as_chunks::<4>();
        let (b32, b_rest) = b8.as_chunks::<4>();
        for (x, y) in a32.iter().zip(b32) {
            acc[0] = _mm256_fmadd_ps(load8(&x[0]), load8(&y[0]), acc[0]);
            acc[1] = _mm256_fmadd_ps(load8(&x[1]), load8(&y[1]), acc[1]);
            acc[2] = _mm256_fmadd_ps(load8(&x[2]), load8(&y[2]), acc[2]);
            acc[3] = _mm256_fmadd_ps(load8(&x[3]), load8(&y[3]), acc[3]);
        }
        for (x, y) in a_rest.iter().zip(b_rest) {
            acc[0] = _mm256_fmadd_ps(load8(x), load8(y), acc[0]);
        }
        let acc = _mm256_add_ps(_mm256_add_ps(acc[0], acc[1]), _mm256_add_ps(acc[2], acc[3]));
        let mut sum = hsum8(acc);
        for (x, y) in a_tail.iter().zip(b_tail) {
            sum += x * y;
        }
        sum
    }

    #[target_feature(enable = "avx2,fma")]
    pub(super) fn parts_avx2(a: &[f32], b: &[f32]) -> (f32, f32, f32) {
        let n = a.len().min(b.len());
        let (a8, a_tail) = a[..n].as_chunks::<8>();
        let (b8, b_tail) = b[..n].as_chunks::<8>();
        let zero = _mm256_setzero_ps();
        let (mut ab, mut aa, mut bb) = ([zero; 4], [zero; 4], [zero; 4]);
        let (a32, a_rest) = a8.as_chunks::<4>();
        let (b32, b_rest) = b8.as_chunks::<4>();
        for (x, y) in a32.iter().zip(b32) {
            for j in 0..4 {
                let (vx, vy) = (load8(&x[j]), load8(&y[j]));
                ab[j] = _mm256_fmadd_ps(vx, vy, ab[j]);
                aa[j] = _mm256_fmadd_ps(vx, vx, aa[j]);
                bb[j] = _mm256_fmadd_ps(vy, vy, bb[j]);
            }
        }
        for (x, y) in a_rest.iter().zip(b_rest) {
            let (vx, vy) = (load8(x), load8(y));
            ab[0] = _mm256_fmadd_ps(vx, vy, ab[0]);
            aa[0] = _mm256_fmadd_ps(vx, vx, aa[0]);
            bb[0] = _mm256_fmadd_ps(vy, vy, bb[0]);
        }
        let reduce = |v: [__m256; 4]| {
            hsum8(_mm256_add_ps(
                _mm256_add_ps(v[0], v[1]),
                _mm256_add_ps(v[2], v[3]),
            ))
        };
        let (mut ab, mut aa, mut bb) = (reduce(ab), reduce(aa), reduce(bb));
        for (x, y) in a_tail.iter().zip(b_tail) {
            ab += x * y;
            aa += x * x;
            bb += y * y;
        }
        (ab, aa, bb)
    }

    /// The four accumulators of [`dot_avx2`] for one row, combined as it combines them.
    #[inline]
    #[target_feature(enable = "avx2,fma")]
    fn sums1_avx2(query: &[f32], row: &[f32]) -> __m256 {
        let (q32, q_rest, _) = cut::<8>(query);
        let (a32, a_rest, _) = cut::<8>(row);
        let mut acc = [_mm256_setzero_ps(); 4];
        for (x, a) in q32.iter().zip(a32) {
            for j in 0..4 {
                acc[j] = _mm256_fmadd_ps(load8(&x[j]), load8(&a[j]), acc[j]);
            }
        }
        for (x, a) in q_rest.iter().zip(a_rest) {
            acc[0] = _mm256_fmadd_ps(load8(x), load8(a), acc[0]);
        }
        _mm256_add_ps(_mm256_add_ps(acc[0], acc[1]), _mm256_add_ps(acc[2], acc[3]))
    }

    /// The dot products of `query` with the 8 rows of `block` (`8·d` floats), in row order, bit
    /// for bit [`dot_avx2`] of each: the eight rows' sums are reduced together, in the order of
    /// [`hsum8`] (lanes `i` and `i + 4`, then `0 + 2` and `1 + 3`, then those two), then the
    /// tails are added row by row as [`dot_avx2`] adds them.
    ///
    /// Never inlined, as `dots16_avx512` (x86-64) and for the same reason: the loop that
    /// streams the rows is the same machine code whatever the caller.
    #[inline(never)]
    #[target_feature(enable = "avx2,fma")]
    fn dots8_avx2(query: &[f32], block: &[f32]) -> __m256 {
        let d = query.len();
        let row = |k: usize| &block[k * d..(k + 1) * d];
        // t[p]: row 2p's lanes i + (i + 4) in the low half, row 2p + 1's in the high half.
        let t: [__m256; 4] = std::array::from_fn(|p| {
            let (a, b) = (
                sums1_avx2(query, row(2 * p)),
                sums1_avx2(query, row(2 * p + 1)),
            );
            _mm256_add_ps(
                _mm256_permute2f128_ps::<0x20>(a, b),
                _mm256_permute2f128_ps::<0x31>(a, b),
            )
        });
        // u[0]: per half k, rows k and 2 + k, two partial sums each; u[1]: rows 4 + k, 6 + k.
        let u = [(t[0], t[1]), (t[2], t[3])].map(|(a, b)| {
            _mm256_add_ps(
                _mm256_shuffle_ps::<0x44>(a, b),
                _mm256_shuffle_ps::<0xEE>(a, b),
            )
        });
        // Lane 4k + j: row k + 2j.
        let x = _mm256_add_ps(
            _mm256_shuffle_ps::<0x88>(u[0], u[1]),
            _mm256_shuffle_ps::<0xDD>(u[0], u[1]),
        );
        let x = _mm256_permutevar8x32_ps(x, _mm256_setr_epi32(0, 4, 1, 5, 2, 6, 3, 7));
        let q_tail = cut::<8>(query).2;
        if q_tail.is_empty() {
            return x;
        }
        let mut sums = [0.0_f32; 8];
        store8(&mut sums, x);
        for (k, sum) in sums.iter_mut().enumerate() {
            for (a, b) in q_tail.iter().zip(cut::<8>(row(k)).2) {
                *sum += a * b;
            }
        }
        load8(&sums)
    }

    #[target_feature(enable = "avx2,fma")]
    pub(super) fn dots_avx2(query: &[f32], rows: &[f32], out: &mut [f32]) {
        let d = query.len();
        if d == 0 {
            return;
        }
        let (o8, o_rest) = out.as_chunks_mut::<8>();
        let first = o8.len() * 8;
        for (block, o) in rows.chunks_exact(8 * d).zip(o8) {
            store8(o, dots8_avx2(query, block));
        }
        for (row, o) in rows[first * d..].chunks_exact(d).zip(o_rest) {
            *o = dot_avx2(query, row);
        }
    }

    /// [`Kernel::scan`](super::Kernel::scan) eight rows a pass.
    #[target_feature(enable = "avx2,fma")]
    pub(super) fn scan_avx2<F: FnMut(usize, f32) -> Option<f32>>(
        query: &[f32],
        rows: &[f32],
        scales: &[f32],
        scan: &mut Scan<'_, F>,
    ) {
        let d = query.len();
        if d == 0 {
            return;
        }
        let (s8, s_rest) = scales.as_chunks::<8>();
        let inv = _mm256_set1_ps(scan.inv_q);
        let mut limit = _mm256_set1_ps(scan.limit);
        for (b, (block, s)) in rows.chunks_exact(8 * d).zip(s8).enumerate() {
            let scaled = _mm256_mul_ps(dots8_avx2(query, block), load8(s));
            let scores = _mm256_add_ps(_mm256_mul_ps(scaled, inv), _mm256_setzero_ps());
            let passed = _mm256_movemask_ps(_mm256_cmp_ps::<_CMP_NLE_UQ>(scores, limit));
            if passed != 0 {
                let mut lanes = [0.0_f32; 8];
                store8(&mut lanes, scores);
                scan.offer_block(8 * b, &lanes, u64::from(passed as u32));
                limit = _mm256_set1_ps(scan.limit);
            }
        }
        let first = s8.len() * 8;
        for (i, (row, &s)) in rows[first * d..].chunks_exact(d).zip(s_rest).enumerate() {
            scan.offer(first + i, dot_avx2(query, row) * s);
        }
    }

    #[inline]
    #[target_feature(enable = "avx512f")]
    pub(super) fn dot_avx512(a: &[f32], b: &[f32]) -> f32 {
        let n = a.len().min(b.len());
        let (a16, a_tail) = a[..n].as_chunks::<16>();
        let (b16, b_tail) = b[..n].as_chunks::<16>();
        let mut acc = [_mm512_setzero_ps(); 4];
        let (a64, a_rest) = a16.as_chunks::<4>();
        let (b64, b_rest) = b16.as_chunks::<4>();
        for (x, y) in a64.iter().zip(b64) {
            acc[0] = _mm512_fmadd_ps(load16(&x[0]), load16(&y[0]), acc[0]);
            acc[1] = _mm512_fmadd_ps(load16(&x[1]), load16(&y[1]), acc[1]);
            acc[2] = _mm512_fmadd_ps(load16(&x[2]), load16(&y[2]), acc[2]);
            acc[3] = _mm512_fmadd_ps(load16(&x[3]), load16(&y[3]), acc[3]);
        }
        for (x, y) in a_rest.iter().zip(b_rest) {
            acc[0] = _mm512_fmadd_ps(load16(x), load16(y), acc[0]);
        }
        let acc = _mm512_add_ps(_mm512_add_ps(acc[0], acc[1]), _mm512_add_ps(acc[2], acc[3]));
        let mut sum = hsum16(acc);
        for (x, y) in a_tail.iter().zip(b_tail) {
            sum += x * y;
        }
        sum
    }

    #[target_feature(enable = "avx512f")]
    pub(super) fn parts_avx512(a: &[f32], b: &[f32]) -> (f32, f32, f32) {
        let n = a.len().min(b.len());
        let (a16, a_tail) = a[..n].as_chunks::<16>();
        let (b16, b_tail) = b[..n].as_chunks::<16>();
        let zero = _mm512_setzero_ps();
        let (mut ab, mut aa, mut bb) = ([zero; 4], [zero; 4], [zero; 4]);
        let (a64, a_rest) = a16.as_chunks::<4>();
        let (b64, b_rest) = b16.as_chunks::<4>();
        for (x, y) in a64.iter().zip(b64) {
            for j in 0..4 {
                let (vx, vy) = (load16(&x[j]), load16(&y[j]));
                ab[j] = _mm512_fmadd_ps(vx, vy, ab[j]);
                aa[j] = _mm512_fmadd_ps(vx, vx, aa[j]);
                bb[j] = _mm512_fmadd_ps(vy, vy, bb[j]);
            }
        }
        for (x, y) in a_rest.iter().zip(b_rest) {
            let (vx, vy) = (load16(x), load16(y));
            ab[0] = _mm512_fmadd_ps(vx, vy, ab[0]);
            aa[0] = _mm512_fmadd_ps(vx, vx, aa[0]);
            bb[0] = _mm512_fmadd_ps(vy, vy, bb[0]);
        }
        let reduce = |v: [__m512; 4]| {
            hsum16(_mm512_add_ps(
                _mm512_add_ps(v[0], v[1]),
                _mm512_add_ps(v[2], v[3]),
            ))
        };
        let (mut ab, mut aa, mut bb) = (reduce(ab), reduce(aa), reduce(bb));
        for (x, y) in a_tail.iter().zip(b_tail) {
            ab += x * y;
            aa += x * x;
            bb += y * y;
        }
        (ab, aa, bb)
    }

    /// The four accumulators of [`dot_avx512`] for one row, combined as it combines them.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn sums1_avx512(query: &[f32], row: &[f32]) -> __m512 {
        let (q64, q_rest, _) = cut::<16>(query);
        let (a64, a_rest, _) = cut::<16>(row);
        let mut acc = [_mm512_setzero_ps(); 4];
        for (x, a) in q64.iter().zip(a64) {
            for j in 0..4 {
                acc[j] = _mm512_fmadd_ps(load16(&x[j]), load16(&a[j]), acc[j]);
            }
        }
        for (x, a) in q_rest.iter().zip(a_rest) {
            acc[0] = _mm512_fmadd_ps(load16(x), load16(a), acc[0]);
        }
        _mm512_add_ps(_mm512_add_ps(acc[0], acc[1]), _mm512_add_ps(acc[2], acc[3]))
    }

    /// The dot products of `query` with the 16 rows of `block` (`16·d` floats), in row order,
    /// bit for bit [`dot_avx512`] of each: the sixteen rows' sums are reduced together, in the
    /// order of [`hsum16`] (lanes `i` and `i + 8`, then `i` and `i + 4`, then `0 + 2` and
    /// `1 + 3`, then those two), then the tails are added row by row as [`dot_avx512`] adds
    /// them.
    ///
    /// Never inlined: compiled once, here, whatever the caller's `take`, so the loop that
    /// streams the rows is the same machine code for every caller. Inlined into the generic scan
    /// loop, the exact scan of `benches/floor.rs` measured 0.81–0.85 of the floor against
    /// 0.92–1.01 out of line (1M × 384, AVX-512F, two alternating pairs of runs).
    #[inline(never)]
    #[target_feature(enable = "avx512f")]
    fn dots16_avx512(query: &[f32], block: &[f32]) -> __m512 {
        let d = query.len();
        let row = |k: usize| &block[k * d..(k + 1) * d];
        // u[p]: per 128-bit quarter k, the four partial sums of row 4p + k.
        let u: [__m512; 4] = std::array::from_fn(|p| {
            let v: [__m512; 4] = std::array::from_fn(|i| sums1_avx512(query, row(4 * p + i)));
            // Lanes i + (i + 8) of two rows: the first's in the low half, the second's high.
            let halves = |a, b| {
                _mm512_add_ps(
                    _mm512_shuffle_f32x4::<0x44>(a, b),
                    _mm512_shuffle_f32x4::<0xEE>(a, b),
                )
            };
            let (t0, t1) = (halves(v[0], v[1]), halves(v[2], v[3]));
            _mm512_add_ps(
                _mm512_shuffle_f32x4::<0x88>(t0, t1),
                _mm512_shuffle_f32x4::<0xDD>(t0, t1),
            )
        });
        // w[0]: per quarter k, rows k and 4 + k, two partial sums each; w[1]: 8 + k, 12 + k.
        let w = [(u[0], u[1]), (u[2], u[3])].map(|(a, b)| {
            _mm512_add_ps(
                _mm512_shuffle_ps::<0x44>(a, b),
                _mm512_shuffle_ps::<0xEE>(a, b),
            )
        });
        // Lane 4k + j: row k + 4j.
        let x = _mm512_add_ps(
            _mm512_shuffle_ps::<0x88>(w[0], w[1]),
            _mm512_shuffle_ps::<0xDD>(w[0], w[1]),
        );
        let order = _mm512_setr_epi32(0, 4, 8, 12, 1, 5, 9, 13, 2, 6, 10, 14, 3, 7, 11, 15);
        let x = _mm512_permutexvar_ps(order, x);
        let q_tail = cut::<16>(query).2;
        if q_tail.is_empty() {
            return x;
        }
        let mut sums = [0.0_f32; 16];
        store16(&mut sums, x);
        for (k, sum) in sums.iter_mut().enumerate() {
            for (a, b) in q_tail.iter().zip(cut::<16>(row(k)).2) {
                *sum += a * b;
            }
        }
        load16(&sums)
    }

    #[target_feature(enable = "avx512f")]
    pub(super) fn dots_avx512(query: &[f32], rows: &[f32], out: &mut [f32]) {
        let d = query.len();
        if d == 0 {
            return;
        }
        let (o16, o_rest) = out.as_chunks_mut::<16>();
        let first = o16.len() * 16;
        for (block, o) in rows.chunks_exact(16 * d).zip(o16) {
            store16(o, dots16_avx512(query, block));
        }
        for (row, o) in rows[first * d..].chunks_exact(d).zip(o_rest) {
            *o = dot_avx512(query, row);
        }
    }

    /// [`Kernel::scan`](super::Kernel::scan) sixteen rows a pass.
    #[target_feature(enable = "avx512f")]
    pub(super) fn scan_avx512<F: FnMut(usize, f32) -> Option<f32>>(
        query: &[f32],
        rows: &[f32],
        scales: &[f32],
        scan: &mut Scan<'_, F>,
    ) {
        let d = query.len();
        if d == 0 {
            return;
        }
        let (s16, s_rest) = scales.as_chunks::<16>();
        let inv = _mm512_set1_ps(scan.inv_q);
        let mut limit = _mm512_set1_ps(scan.limit);
        for (b, (block, s)) in rows.chunks_exact(16 * d).zip(s16).enumerate() {
            let scaled = _mm512_mul_ps(dots16_avx512(query, block), load16(s));
            let scores = _mm512_add_ps(_mm512_mul_ps(scaled, inv), _mm512_setzero_ps());
            let passed = _mm512_cmp_ps_mask::<_CMP_NLE_UQ>(scores, limit);
            if passed != 0 {
                let mut lanes = [0.0_f32; 16];
                store16(&mut lanes, scores);
                scan.offer_block(16 * b, &lanes, u64::from(passed));
                limit = _mm512_set1_ps(scan.limit);
            }
        }
        let first = s16.len() * 16;
        for (i, (row, &s)) in rows[first * d..].chunks_exact(d).zip(s_rest).enumerate() {
            scan.offer(first + i, dot_avx512(query, row) * s);
        }
    }

    /// Eight codes as eight `f32`s (exact: every `i8` is an `f32`).
    #[inline]
    #[target_feature(enable = "avx2")]
    fn codes8(x: &[i8; 8]) -> __m256 {
        use std::arch::x86_64::{
            __m128i, _mm_loadl_epi64, _mm256_cvtepi8_epi32, _mm256_cvtepi32_ps,
        };
        // SAFETY: `_mm_loadl_epi64` reads 8 bytes, and `x` is a reference to 8 initialised
        // bytes; it has no alignment requirement.
        let v = unsafe { _mm_loadl_epi64(x.as_ptr().cast::<__m128i>()) };
        _mm256_cvtepi32_ps(_mm256_cvtepi8_epi32(v))
    }

    /// Sixteen codes as sixteen `f32`s.
    #[inline]
    #[target_feature(enable = "avx512f")]
    fn codes16(x: &[i8; 16]) -> __m512 {
        use std::arch::x86_64::{
            __m128i, _mm_loadu_si128, _mm512_cvtepi8_epi32, _mm512_cvtepi32_ps,
        };
        // SAFETY: `x` is a reference to 16 initialised bytes, so the 16 bytes read are in
        // bounds; `_mm_loadu_si128` has no alignment requirement.
        let v = unsafe { _mm_loadu_si128(x.as_ptr().cast::<__m128i>()) };
        _mm512_cvtepi32_ps(_mm512_cvtepi8_epi32(v))
    }

    /// `Σ cᵢqᵢ`: codes sign-extended to `i32`, converted to `f32`, fused multiply-add into four
    /// 8-lane accumulators.
    #[target_feature(enable = "avx2,fma")]
    pub(super) fn dot_i8_avx2(c: &[i8], q: &[f32]) -> f32 {
        let n = c.len().min(q.len());
        let (c8, c_tail) = c[..n].as_chunks::<8>();
        let (q8, q_tail) = q[..n].as_chunks::<8>();
        let mut acc = [_mm256_setzero_ps(); 4];
        let (c32, c_rest) = c8.as_chunks::<4>();
        let (q32, q_rest) = q8.as_chunks::<4>();
        for (x, y) in c32.iter().zip(q32) {
            acc[0] = _mm256_fmadd_ps(codes8(&x[0]), load8(&y[0]), acc[0]);
            acc[1] = _mm256_fmadd_ps(codes8(&x[1]), load8(&y[1]), acc[1]);
            acc[2] = _mm256_fmadd_ps(codes8(&x[2]), load8(&y[2]), acc[2]);
            acc[3] = _mm256_fmadd_ps(codes8(&x[3]), load8(&y[3]), acc[3]);
        }
        for (x, y) in c_rest.iter().zip(q_rest) {
            acc[0] = _mm256_fmadd_ps(codes8(x), load8(y), acc[0]);
        }
        let acc = _mm256_add_ps(_mm256_add_ps(acc[0], acc[1]), _mm256_add_ps(acc[2], acc[3]));
        let mut sum = hsum8(acc);
        for (x, y) in c_tail.iter().zip(q_tail) {
            sum += f32::from(*x) * y;
        }
        sum
    }

    /// As [`dot_i8_avx2`] with four 16-lane accumulators.
    #[target_feature(enable = "avx512f")]
    pub(super) fn dot_i8_avx512(c: &[i8], q: &[f32]) -> f32 {
        let n = c.len().min(q.len());
        let (c16, c_tail) = c[..n].as_chunks::<16>();
        let (q16, q_tail) = q[..n].as_chunks::<16>();
        let mut acc = [_mm512_setzero_ps(); 4];
        let (c64, c_rest) = c16.as_chunks::<4>();
        let (q64, q_rest) = q16.as_chunks::<4>();
        for (x, y) in c64.iter().zip(q64) {
            acc[0] = _mm512_fmadd_ps(codes16(&x[0]), load16(&y[0]), acc[0]);
            acc[1] = _mm512_fmadd_ps(codes16(&x[1]), load16(&y[1]), acc[1]);
            acc[2] = _mm512_fmadd_ps(codes16(&x[2]), load16(&y[2]), acc[2]);
            acc[3] = _mm512_fmadd_ps(codes16(&x[3]), load16(&y[3]), acc[3]);
        }
        for (x, y) in c_rest.iter().zip(q_rest) {
            acc[0] = _mm512_fmadd_ps(codes16(x), load16(y), acc[0]);
        }
        let acc = _mm512_add_ps(_mm512_add_ps(acc[0], acc[1]), _mm512_add_ps(acc[2], acc[3]));
        let mut sum = hsum16(acc);
        for (x, y) in c_tail.iter().zip(q_tail) {
            sum += f32::from(*x) * y;
        }
        sum
    }

    /// `Σ aᵢbᵢ` of bytes with AVX-512 VNNI. `vpdpbusd` multiplies unsigned bytes by signed
    /// ones, four products into each `i32` lane: `a` is made unsigned by flipping its sign bit
    /// (`aᵢ + 128`), and `128·Σbᵢ`, summed by a second `vpdpbusd` against ones, is taken off at
    /// the end. A product is at most `255·128`, so the four-product sums never saturate an
    /// `i32`; the lanes add with wrapping, like the reference. The last `n mod 64` bytes are
    /// read with a masked load.
    #[target_feature(enable = "avx512f,avx512bw,avx512vnni")]
    pub(super) fn dot_i8_i8_vnni(a: &[i8], b: &[i8]) -> i32 {
        use std::arch::x86_64::{
            __m512i, _mm512_add_epi32, _mm512_dpbusd_epi32, _mm512_loadu_si512,
            _mm512_maskz_loadu_epi8, _mm512_reduce_add_epi32, _mm512_set1_epi8,
            _mm512_setzero_si512, _mm512_xor_si512,
        };
        #[inline]
        #[target_feature(enable = "avx512f")]
        fn load64(x: &[i8; 64]) -> __m512i {
            // SAFETY: `x` is a reference to 64 initialised bytes, so the 64 bytes read are in
            // bounds; `_mm512_loadu_si512` has no alignment requirement.
            unsafe { _mm512_loadu_si512(x.as_ptr().cast()) }
        }
        #[inline]
        #[target_feature(enable = "avx512f,avx512bw")]
        fn load_tail(x: &[i8]) -> __m512i {
            let len = x.len().min(64);
            let mask = if len == 0 { 0 } else { u64::MAX >> (64 - len) };
            // SAFETY: the mask has one bit set for each of the first `len` bytes, all inside
            // `x`; a masked-off byte is not read (AVX-512 suppresses loads
            // and faults of masked-off elements) and is zero in the result.
            unsafe { _mm512_maskz_loadu_epi8(mask, x.as_ptr()) }
        }
        let n = a.len().min(b.len());
        let (a64, a_tail) = a[..n].as_chunks::<64>();
        let (b64, b_tail) = b[..n].as_chunks::<64>();
        let flip = _mm512_set1_epi8(i8::MIN);
        let ones = _mm512_set1_epi8(1);
        let mut acc = [_mm512_setzero_si512(); 2];
        let mut sum_b = [_mm512_setzero_si512(); 2];
        let (a128, a_rest) = a64.as_chunks::<2>();
        let (b128, b_rest) = b64.as_chunks::<2>();
        for (x, y) in a128.iter().zip(b128) {
            for i in 0..2 {
                let y_i = load64(&y[i]);
                acc[i] = _mm512_dpbusd_epi32(acc[i], _mm512_xor_si512(load64(&x[i]), flip), y_i);
                sum_b[i] = _mm512_dpbusd_epi32(sum_b[i], ones, y_i);
            }
        }
        for (x, y) in a_rest.iter().zip(b_rest) {
            let y = load64(y);
            acc[0] = _mm512_dpbusd_epi32(acc[0], _mm512_xor_si512(load64(x), flip), y);
            sum_b[0] = _mm512_dpbusd_epi32(sum_b[0], ones, y);
        }
        if !a_tail.is_empty() {
            // Past the tail, `a`'s lanes flip to 128 and `b`'s are zero: they add nothing.
            let y = load_tail(b_tail);
            acc[1] = _mm512_dpbusd_epi32(acc[1], _mm512_xor_si512(load_tail(a_tail), flip), y);
            sum_b[1] = _mm512_dpbusd_epi32(sum_b[1], ones, y);
        }
        let shifted = _mm512_reduce_add_epi32(_mm512_add_epi32(acc[0], acc[1]));
        let sum_b = _mm512_reduce_add_epi32(_mm512_add_epi32(sum_b[0], sum_b[1]));
        shifted.wrapping_sub(sum_b.wrapping_mul(128))
    }

    /// [`Kernel::dots_i8_i8`] with AVX-512 VNNI, `d = query.len() > 0`, `rows.len() =
    /// out.len()·d`: each row's bytes are made unsigned by flipping their sign bit (`xᵢ + 128`),
    /// so `vpdpbusd` sums `Σ(xᵢ + 128)·qᵢ`, and `128·Σqᵢ`, computed once, is taken off. One row
    /// after another, its 64-byte blocks into two accumulators (alternate blocks), the query's
    /// blocks read from L1 each time; the last `d mod 64` bytes of each row are read with a
    /// masked load. Reading the rows in address order keeps the pass at the machine's read
    /// bandwidth: taking four rows side by side, each query block loaded once for the four,
    /// ran about 1.6x slower on 1M × 384 (four interleaved streams 384 bytes apart).
    #[target_feature(enable = "avx512f,avx512bw,avx512vnni")]
    pub(super) fn dots_i8_i8_vnni(query: &[i8], rows: &[i8], out: &mut [i32]) {
        use std::arch::x86_64::{
            __m512i, _mm512_add_epi32, _mm512_dpbusd_epi32, _mm512_loadu_si512,
            _mm512_maskz_loadu_epi8, _mm512_reduce_add_epi32, _mm512_set1_epi8,
            _mm512_setzero_si512, _mm512_xor_si512,
        };
        #[inline]
        #[target_feature(enable = "avx512f")]
        fn load64(x: &[i8; 64]) -> __m512i {
            // SAFETY: `x` is a reference to 64 initialised bytes, so the 64 bytes read are in
            // bounds; `_mm512_loadu_si512` has no alignment requirement.
            unsafe { _mm512_loadu_si512(x.as_ptr().cast()) }
        }
        #[inline]
        #[target_feature(enable = "avx512f,avx512bw")]
        fn load_tail(x: &[i8]) -> __m512i {
            let len = x.len().min(64);
            let mask = if len == 0 { 0 } else { u64::MAX >> (64 - len) };
            // SAFETY: the mask has one bit set for each of the first `len` bytes, all inside
            // `x`; a masked-off byte is not read (AVX-512 suppresses loads and faults of
            // masked-off elements) and is zero in the result.
            unsafe { _mm512_maskz_loadu_epi8(mask, x.as_ptr()) }
        }
        let d = query.len();
        let flip = _mm512_set1_epi8(i8::MIN);
        let (q64, q_tail) = query.as_chunks::<64>();
        let (q128, q_odd) = q64.as_chunks::<2>();
        let correction = query
            .iter()
            .fold(0_i32, |s, &q| s.wrapping_add(i32::from(q)))
            .wrapping_mul(128);
        for (o, row) in out.iter_mut().zip(rows.chunks_exact(d)) {
            let (r64, r_tail) = row.as_chunks::<64>();
            let (r128, r_odd) = r64.as_chunks::<2>();
            let mut acc = [_mm512_setzero_si512(); 2];
            for (x, y) in r128.iter().zip(q128) {
                for i in 0..2 {
                    let x = _mm512_xor_si512(load64(&x[i]), flip);
                    acc[i] = _mm512_dpbusd_epi32(acc[i], x, load64(&y[i]));
                }
            }
            for (x, y) in r_odd.iter().zip(q_odd) {
                acc[0] = _mm512_dpbusd_epi32(acc[0], _mm512_xor_si512(load64(x), flip), load64(y));
            }
            if !q_tail.is_empty() {
                // Past the tail the row's lanes flip to 128 and the query's are zero: they add
                // nothing.
                let x = _mm512_xor_si512(load_tail(r_tail), flip);
                acc[1] = _mm512_dpbusd_epi32(acc[1], x, load_tail(q_tail));
            }
            let shifted = _mm512_reduce_add_epi32(_mm512_add_epi32(acc[0], acc[1]));
            *o = shifted.wrapping_sub(correction);
        }
    }

    /// `Σ aᵢbᵢ` of bytes with AVX2: sixteen bytes of each side sign-extended to `i16`, then
    /// `vpmaddwd` (products of `i16`, adjacent pairs summed into `i32`: at most `2·128²`, so
    /// exact), into two accumulators.
    #[target_feature(enable = "avx2")]
    pub(super) fn dot_i8_i8_avx2(a: &[i8], b: &[i8]) -> i32 {
        use std::arch::x86_64::{
            __m128i, __m256i, _mm_add_epi32, _mm_cvtsi128_si32, _mm_loadu_si128, _mm_shuffle_epi32,
            _mm256_add_epi32, _mm256_castsi256_si128, _mm256_cvtepi8_epi16,
            _mm256_extracti128_si256, _mm256_madd_epi16, _mm256_setzero_si256,
        };
        #[inline]
        #[target_feature(enable = "avx2")]
        fn load16(x: &[i8; 16]) -> __m256i {
            // SAFETY: `x` is a reference to 16 initialised bytes, so the 16 bytes read are in
            // bounds; `_mm_loadu_si128` has no alignment requirement.
            _mm256_cvtepi8_epi16(unsafe { _mm_loadu_si128(x.as_ptr().cast::<__m128i>()) })
        }
        let n = a.len().min(b.len());
        let (a16, a_tail) = a[..n].as_chunks::<16>();
        let (b16, b_tail) = b[..n].as_chunks::<16>();
        let mut acc = [_mm256_setzero_si256(); 2];
        let (a32, a_rest) = a16.as_chunks::<2>();
        let (b32, b_rest) = b16.as_chunks::<2>();
        for (x, y) in a32.iter().zip(b32) {
            for i in 0..2 {
                acc[i] = _mm256_add_epi32(acc[i], _mm256_madd_epi16(load16(&x[i]), load16(&y[i])));
            }
        }
        for (x, y) in a_rest.iter().zip(b_rest) {
            acc[0] = _mm256_add_epi32(acc[0], _mm256_madd_epi16(load16(x), load16(y)));
        }
        let v = _mm256_add_epi32(acc[0], acc[1]);
        let v = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256::<1>(v));
        let v = _mm_add_epi32(v, _mm_shuffle_epi32::<0b01_00_11_10>(v));
        let v = _mm_add_epi32(v, _mm_shuffle_epi32::<0b10_11_00_01>(v));
        let mut sum = _mm_cvtsi128_si32(v);
        for (x, y) in a_tail.iter().zip(b_tail) {
            sum = sum.wrapping_add(i32::from(*x) * i32::from(*y));
        }
        sum
    }

    /// Hamming distances with the scalar `popcnt` instruction (what `count_ones` compiles to
    /// under this target feature).
    #[target_feature(enable = "popcnt")]
    pub(super) fn hamming_popcnt(query: &[u64], groups: &[super::Lanes], out: &mut [u32]) {
        for (group, o) in groups.chunks_exact(query.len()).zip(out.chunks_mut(8)) {
            let mut sums = [0_u32; 8];
            for (lanes, q) in group.iter().zip(query) {
                for (s, x) in sums.iter_mut().zip(lanes.0) {
                    *s += (x ^ q).count_ones();
                }
            }
            o.copy_from_slice(&sums[..o.len()]);
        }
    }

    /// Hamming distances with AVX-512 VPOPCNTDQ, eight rows a register: per word of the rows,
    /// one load, XOR with the broadcast query word, per-lane popcount, add; then the eight sums
    /// narrowed to `u32`.
    #[target_feature(enable = "avx512f,avx512vpopcntdq")]
    pub(super) fn hamming_vpopcntdq(query: &[u64], groups: &[super::Lanes], out: &mut [u32]) {
        use std::arch::x86_64::{
            __m256i, _mm256_storeu_si256, _mm512_add_epi64, _mm512_cvtepi64_epi32,
            _mm512_loadu_si512, _mm512_popcnt_epi64, _mm512_set1_epi64, _mm512_setzero_si512,
            _mm512_xor_si512,
        };
        for (group, o) in groups.chunks_exact(query.len()).zip(out.chunks_mut(8)) {
            let mut acc = _mm512_setzero_si512();
            for (lanes, &q) in group.iter().zip(query) {
                // SAFETY: `lanes` is a reference to 8 initialised u64s (64 bytes), so the load
                // is in bounds; `_mm512_loadu_si512` has no alignment requirement.
                let v = unsafe { _mm512_loadu_si512(lanes.0.as_ptr().cast()) };
                let x = _mm512_xor_si512(v, _mm512_set1_epi64(q as i64));
                acc = _mm512_add_epi64(acc, _mm512_popcnt_epi64(x));
            }
            let mut sums = [0_u32; 8];
            // A whole group stores straight into `out`; the last, partial one through `sums`.
            let full = <&mut [u32; 8]>::try_from(&mut *o).ok();
            let target = match full {
                Some(o8) => o8,
                None => &mut sums,
            };
            // SAFETY: `target` is a reference to 8 writable u32s (32 bytes), what
            // `_mm256_storeu_si256` writes, with no alignment requirement.
            unsafe {
                _mm256_storeu_si256(
                    target.as_mut_ptr().cast::<__m256i>(),
                    _mm512_cvtepi64_epi32(acc),
                );
            }
            if o.len() < 8 {
                o.copy_from_slice(&sums[..o.len()]);
            }
        }
    }
}

#[cfg(target_arch = "aarch64")]
mod arm {
    //! The NEON kernel: four 4-lane accumulators with fused multiply-add. NEON is part of the
    //! aarch64 baseline, but it is still detected like the others.

    use std::arch::aarch64::{
        float32x4_t, vaddq_f32, vcleq_f32, vdupq_n_f32, vfmaq_f32, vgetq_lane_f32, vld1q_f32,
        vmaxvq_u32, vmulq_f32, vmvnq_u32, vpaddq_f32, vst1q_f32, vst1q_u32,
    };

    use super::{Scan, cut};

    #[inline]
    #[target_feature(enable = "neon")]
    fn store4(out: &mut [f32; 4], v: float32x4_t) {
        // SAFETY: `out` is a reference to 4 writable f32s, so the 16 bytes written are in
        // bounds; `vst1q_f32` needs only element alignment, which a `&mut [f32; 4]` has.
        unsafe { vst1q_f32(out.as_mut_ptr(), v) }
    }

    /// The sum of the four lanes: `(x₀ + x₁) + (x₂ + x₃)`, pairwise as `faddp` adds.
    #[inline]
    #[target_feature(enable = "neon")]
    fn hsum4(v: float32x4_t) -> f32 {
        let p = vpaddq_f32(v, v);
        vgetq_lane_f32::<0>(vpaddq_f32(p, p))
    }

    #[inline]
    #[target_feature(enable = "neon")]
    fn load4(x: &[f32; 4]) -> float32x4_t {
        // SAFETY: `x` is a reference to 4 initialised f32s, so the 16 bytes read are in bounds;
        // `vld1q_f32` needs only element (4-byte) alignment, which a `&[f32; 4]` has.
        unsafe { vld1q_f32(x.as_ptr()) }
    }

    #[inline]
    #[target_feature(enable = "neon")]
    pub(super) fn dot_neon(a: &[f32], b: &[f32]) -> f32 {
        let n = a.len().min(b.len());
        let (a4, a_tail) = a[..n].as_chunks::<4>();
        let (b4, b_tail) = b[..n].as_chunks::<4>();
        let mut acc = [vdupq_n_f32(0.0); 4];
        let (a16, a_rest) = a4.as_chunks::<4>();
        let (b16, b_rest) = b4.as_chunks::<4>();
        for (x, y) in a16.iter().zip(b16) {
            acc[0] = vfmaq_f32(acc[0], load4(&x[0]), load4(&y[0]));
            acc[1] = vfmaq_f32(acc[1], load4(&x[1]), load4(&y[1]));
            acc[2] = vfmaq_f32(acc[2], load4(&x[2]), load4(&y[2]));
            acc[3] = vfmaq_f32(acc[3], load4(&x[3]), load4(&y[3]));
        }
        for (x, y) in a_rest.iter().zip(b_rest) {
            acc[0] = vfmaq_f32(acc[0], load4(x), load4(y));
        }
        let acc = vaddq_f32(vaddq_f32(acc[0], acc[1]), vaddq_f32(acc[2], acc[3]));
        let mut sum = hsum4(acc);
        for (x, y) in a_tail.iter().zip(b_tail) {
            sum += x * y;
        }
        sum
    }

    #[target_feature(enable = "neon")]
    pub(super) fn parts_neon(a: &[f32], b: &[f32]) -> (f32, f32, f32) {
        let n = a.len().min(b.len());
        let (a4, a_tail) = a[..n].as_chunks::<4>();
        let (b4, b_tail) = b[..n].as_chunks::<4>();
        let zero = vdupq_n_f32(0.0);
        let (mut ab, mut aa, mut bb) = ([zero; 4], [zero; 4], [zero; 4]);
        let (a16, a_rest) = a4.as_chunks::<4>();
        let (b16, b_rest) = b4.as_chunks::<4>();
        for (x, y) in a16.iter().zip(b16) {
            for j in 0..4 {
                let (vx, vy) = (load4(&x[j]), load4(&y[j]));
                ab[j] = vfmaq_f32(ab[j], vx, vy);
                aa[j] = vfmaq_f32(aa[j], vx, vx);
                bb[j] = vfmaq_f32(bb[j], vy, vy);
            }
        }
        for (x, y) in a_rest.iter().zip(b_rest) {
            let (vx, vy) = (load4(x), load4(y));
            ab[0] = vfmaq_f32(ab[0], vx, vy);
            aa[0] = vfmaq_f32(aa[0], vx, vx);
            bb[0] = vfmaq_f32(bb[0], vy, vy);
        }
        let reduce =
            |v: [float32x4_t; 4]| hsum4(vaddq_f32(vaddq_f32(v[0], v[1]), vaddq_f32(v[2], v[3])));
        let (mut ab, mut aa, mut bb) = (reduce(ab), reduce(aa), reduce(bb));
        for (x, y) in a_tail.iter().zip(b_tail) {
            ab += x * y;
            aa += x * x;
            bb += y * y;
        }
        (ab, aa, bb)
    }

    /// The four accumulators of [`dot_neon`] for one row, combined as it combines them.
    #[inline]
    #[target_feature(enable = "neon")]
    fn sums1_neon(query: &[f32], row: &[f32]) -> float32x4_t {
        let (q16, q_rest, _) = cut::<4>(query);
        let (a16, a_rest, _) = cut::<4>(row);
        let mut acc = [vdupq_n_f32(0.0); 4];
        for (x, a) in q16.iter().zip(a16) {
            for j in 0..4 {
                acc[j] = vfmaq_f32(acc[j], load4(&x[j]), load4(&a[j]));
            }
        }
        for (x, a) in q_rest.iter().zip(a_rest) {
            acc[0] = vfmaq_f32(acc[0], load4(x), load4(a));
        }
        vaddq_f32(vaddq_f32(acc[0], acc[1]), vaddq_f32(acc[2], acc[3]))
    }

    /// The dot products of `query` with the 4 rows of `block` (`4·d` floats), in row order, bit
    /// for bit [`dot_neon`] of each: the four rows' sums are reduced together pairwise, in the
    /// order of [`hsum4`], then the tails are added row by row as [`dot_neon`] adds them.
    ///
    /// Never inlined, as `dots16_avx512` (x86-64) and for the same reason: the loop that
    /// streams the rows is the same machine code whatever the caller.
    #[inline(never)]
    #[target_feature(enable = "neon")]
    fn dots4_neon(query: &[f32], block: &[f32]) -> float32x4_t {
        let d = query.len();
        let row = |k: usize| &block[k * d..(k + 1) * d];
        let v: [float32x4_t; 4] = std::array::from_fn(|k| sums1_neon(query, row(k)));
        let x = vpaddq_f32(vpaddq_f32(v[0], v[1]), vpaddq_f32(v[2], v[3]));
        let q_tail = cut::<4>(query).2;
        if q_tail.is_empty() {
            return x;
        }
        let mut sums = [0.0_f32; 4];
        store4(&mut sums, x);
        for (k, sum) in sums.iter_mut().enumerate() {
            for (a, b) in q_tail.iter().zip(cut::<4>(row(k)).2) {
                *sum += a * b;
            }
        }
        load4(&sums)
    }

    #[target_feature(enable = "neon")]
    pub(super) fn dots_neon(query: &[f32], rows: &[f32], out: &mut [f32]) {
        let d = query.len();
        if d == 0 {
            return;
        }
        let (o4, o_rest) = out.as_chunks_mut::<4>();
        let first = o4.len() * 4;
        for (block, o) in rows.chunks_exact(4 * d).zip(o4) {
            store4(o, dots4_neon(query, block));
        }
        for (row, o) in rows[first * d..].chunks_exact(d).zip(o_rest) {
            *o = dot_neon(query, row);
        }
    }

    /// [`Kernel::scan`](super::Kernel::scan) four rows a pass.
    #[target_feature(enable = "neon")]
    pub(super) fn scan_neon<F: FnMut(usize, f32) -> Option<f32>>(
        query: &[f32],
        rows: &[f32],
        scales: &[f32],
        scan: &mut Scan<'_, F>,
    ) {
        let d = query.len();
        if d == 0 {
            return;
        }
        let (s4, s_rest) = scales.as_chunks::<4>();
        let inv = vdupq_n_f32(scan.inv_q);
        let mut limit = vdupq_n_f32(scan.limit);
        for (b, (block, s)) in rows.chunks_exact(4 * d).zip(s4).enumerate() {
            let scaled = vmulq_f32(dots4_neon(query, block), load4(s));
            let scores = vaddq_f32(vmulq_f32(scaled, inv), vdupq_n_f32(0.0));
            // All ones in a lane whose score is `≤` the threshold (never for NaN).
            let below = vcleq_f32(scores, limit);
            if vmaxvq_u32(vmvnq_u32(below)) != 0 {
                let (mut lanes, mut skip) = ([0.0_f32; 4], [0_u32; 4]);
                store4(&mut lanes, scores);
                // SAFETY: `skip` is 4 writable u32s, so the 16 bytes written are in bounds;
                // `vst1q_u32` needs only element alignment, which a `[u32; 4]` has.
                unsafe { vst1q_u32(skip.as_mut_ptr(), below) };
                let passed = skip
                    .iter()
                    .enumerate()
                    .filter(|&(_, &m)| m == 0)
                    .fold(0_u64, |bits, (j, _)| bits | 1 << j);
                scan.offer_block(4 * b, &lanes, passed);
                limit = vdupq_n_f32(scan.limit);
            }
        }
        let first = s4.len() * 4;
        for (i, (row, &s)) in rows[first * d..].chunks_exact(d).zip(s_rest).enumerate() {
            scan.offer(first + i, dot_neon(query, row) * s);
        }
    }

    /// Eight codes as two vectors of four `f32`s (exact: every `i8` is an `f32`).
    #[inline]
    #[target_feature(enable = "neon")]
    fn codes8(x: &[i8; 8]) -> (float32x4_t, float32x4_t) {
        use std::arch::aarch64::{
            vcvtq_f32_s32, vget_low_s16, vld1_s8, vmovl_high_s16, vmovl_s8, vmovl_s16,
        };
        // SAFETY: `x` is a reference to 8 initialised bytes, so the 8 bytes read are in bounds;
        // `vld1_s8` needs only byte alignment.
        let v = unsafe { vld1_s8(x.as_ptr()) };
        let wide = vmovl_s8(v);
        (
            vcvtq_f32_s32(vmovl_s16(vget_low_s16(wide))),
            vcvtq_f32_s32(vmovl_high_s16(wide)),
        )
    }

    /// `Σ cᵢqᵢ`: codes widened to `i32`, converted to `f32`, fused multiply-add into two
    /// 4-lane accumulators.
    #[target_feature(enable = "neon")]
    pub(super) fn dot_i8_neon(c: &[i8], q: &[f32]) -> f32 {
        let n = c.len().min(q.len());
        let (c8, c_tail) = c[..n].as_chunks::<8>();
        let body = c8.len() * 8;
        let (q4, _) = q[..body].as_chunks::<4>();
        let (q8, _) = q4.as_chunks::<2>();
        let mut acc = [vdupq_n_f32(0.0); 2];
        for (x, y) in c8.iter().zip(q8) {
            let (lo, hi) = codes8(x);
            acc[0] = vfmaq_f32(acc[0], lo, load4(&y[0]));
            acc[1] = vfmaq_f32(acc[1], hi, load4(&y[1]));
        }
        let mut sum = hsum4(vaddq_f32(acc[0], acc[1]));
        for (x, y) in c_tail.iter().zip(&q[body..n]) {
            sum += f32::from(*x) * y;
        }
        sum
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A deterministic mix of signs and magnitudes, with cancellation.
    fn sample(seed: u32, n: usize) -> Vec<f32> {
        let mut x = seed.wrapping_mul(2_654_435_761).wrapping_add(1);
        (0..n)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                let mantissa = (x % 2001) as f32 / 1000.0 - 1.0;
                let exponent = ((x >> 12) % 9) as i32 - 4;
                mantissa * 2f32.powi(exponent)
            })
            .collect()
    }

    /// Slices starting at every float offset modulo 64 bytes, inside 64-byte-aligned buffers.
    fn at_offset(values: &[f32], offset: usize) -> (Vec<Block>, usize) {
        let blocks = (offset + values.len()).div_ceil(BLOCK_FLOATS) + 1;
        let mut buf = vec![Block([f32::NAN; 16]); blocks];
        floats_mut(&mut buf)[offset..offset + values.len()].copy_from_slice(values);
        (buf, offset)
    }

    #[test]
    fn e8_every_kernel_matches_the_reference_at_every_length_and_offset() {
        let kernels = Kernel::available();
        assert!(kernels.iter().any(|k| k.isa() == Isa::Scalar));
        for n in 0..=67 {
            let a = sample(n as u32, n);
            let b = sample(1000 + n as u32, n);
            let want_dot = reference_dot(&a, &b).unwrap();
            let want_cos = reference_cosine(&a, &b);
            for offset_a in 0..BLOCK_FLOATS {
                let offset_b = (offset_a * 7 + 3) % BLOCK_FLOATS;
                let (buf_a, oa) = at_offset(&a, offset_a);
                let (buf_b, ob) = at_offset(&b, offset_b);
                let xa = &floats(&buf_a)[oa..oa + n];
                let xb = &floats(&buf_b)[ob..ob + n];
                assert_eq!(xa.as_ptr() as usize % 64, offset_a * 4);
                for k in &kernels {
                    let dot = k.dot(xa, xb).unwrap();
                    let bound = dot_error_bound(&a, &b);
                    assert!(
                        (f64::from(dot) - f64::from(want_dot)).abs() <= bound,
                        "{} dot n={n} offset={offset_a}: {dot} vs {want_dot} (bound {bound})",
                        k.isa()
                    );
                    let cos = k.cosine(xa, xb);
                    match (cos, want_cos) {
                        (Some(c), Some(w)) => assert!(
                            (f64::from(c) - f64::from(w)).abs() <= cosine_error_bound(n),
                            "{} cosine n={n} offset={offset_a}: {c} vs {w}",
                            k.isa()
                        ),
                        (None, None) => assert_eq!(n, 0),
                        other => panic!("{} n={n}: {other:?}", k.isa()),
                    }
                }
            }
        }
    }

    /// `dots` and `scan` score several rows a pass (16, 8 or 4) and reduce them together:
    /// every row's dot product is still bit for bit `dot`'s, whatever the length, the number of
    /// rows (whole passes and a remainder) and the offsets of the query and the rows from a
    /// cache line; `scan` hands over exactly the rows above the threshold in force, with the
    /// score formula's bits.
    #[test]
    fn e8_multi_row_kernels_equal_dot_bit_for_bit_at_every_length_and_offset() {
        for n in (0..=67).chain([128, 383, 384, 385]) {
            let q = sample(5000 + n as u32, n);
            let count = 37;
            let rows: Vec<f32> = (0..count)
                .flat_map(|r| sample(6000 + (n * 100 + r) as u32, n))
                .collect();
            let scales: Vec<f32> = (0..count).map(|r| 0.5 + r as f32 / 64.0).collect();
            let inv_q = 0.75;
            for offset_q in 0..BLOCK_FLOATS {
                let offset_r = (offset_q * 5 + 1) % BLOCK_FLOATS;
                let (buf_q, oq) = at_offset(&q, offset_q);
                let (buf_r, or) = at_offset(&rows, offset_r);
                let xq = &floats(&buf_q)[oq..oq + n];
                let xr = &floats(&buf_r)[or..or + rows.len()];
                for k in Kernel::available() {
                    let want: Vec<f32> = if n == 0 {
                        Vec::new()
                    } else {
                        xr.chunks_exact(n)
                            .map(|row| k.dot(xq, row).unwrap())
                            .collect()
                    };
                    for m in [0, 1, 3, 4, 5, 8, 15, 16, 17, 31, 32, 33, count] {
                        let mut out = vec![f32::NAN; m + 1];
                        k.dots(xq, xr, &mut out[..m]);
                        if n == 0 {
                            assert!(out.iter().all(|x| x.is_nan()), "nothing written");
                            continue;
                        }
                        for (r, (got, want)) in out[..m].iter().zip(&want).enumerate() {
                            assert_eq!(
                                got.to_bits(),
                                want.to_bits(),
                                "{} dots n={n} rows={m} row {r} offsets {offset_q}/{offset_r}",
                                k.isa()
                            );
                        }
                        assert!(out[m].is_nan(), "the slot past the rows is untouched");
                        // scan over the first m rows, keeping the best 3 by (score, -row).
                        let scores: Vec<f32> = want[..m]
                            .iter()
                            .zip(&scales)
                            .map(|(d, s)| d * s * inv_q + 0.0)
                            .collect();
                        let mut taken = Vec::new();
                        let mut best: Vec<(f32, usize)> = Vec::new();
                        k.scan(xq, xr, &scales[..m], inv_q, None, |r, score| {
                            taken.push((r, score.to_bits()));
                            best.push((score, r));
                            best.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
                            best.truncate(3);
                            (best.len() == 3).then(|| best[2].0)
                        });
                        let mut expected = Vec::new();
                        let mut model: Vec<(f32, usize)> = Vec::new();
                        for (r, &score) in scores.iter().enumerate() {
                            if model.len() == 3 && score <= model[2].0 {
                                continue;
                            }
                            expected.push((r, score.to_bits()));
                            model.push((score, r));
                            model.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
                            model.truncate(3);
                        }
                        assert_eq!(taken, expected, "{} scan n={n} rows={m}", k.isa());
                        let mut all: Vec<(f32, usize)> = scores.iter().copied().zip(0..).collect();
                        all.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
                        all.truncate(3);
                        assert_eq!(best, all, "the scan's best are the best of all rows");
                    }
                }
            }
        }
    }

    /// Codes in `-127..=127` from a seed.
    fn codes(seed: u32, n: usize) -> Vec<i8> {
        sample(seed, n)
            .iter()
            .map(|x| ((x * 1000.0) as i32 % 128).clamp(-127, 127) as i8)
            .collect()
    }

    #[test]
    fn e8_every_int8_dot_matches_the_reference_at_every_length_and_offset() {
        for n in 0..=67 {
            let c = codes(n as u32, n);
            let q = sample(2000 + n as u32, n);
            let want = reference_dot_i8(&c, &q).unwrap();
            let bound = dot_i8_error_bound(&c, &q);
            for offset_c in 0..64 {
                let offset_q = (offset_c * 7 + 3) % BLOCK_FLOATS;
                let mut buf_c = vec![Block([0.0; 16]); (offset_c + n).div_ceil(64) + 1];
                let bytes: &mut [i8] = bytemuck::cast_slice_mut(&mut buf_c);
                bytes[offset_c..offset_c + n].copy_from_slice(&c);
                let xc: &[i8] = &bytemuck::cast_slice::<Block, i8>(&buf_c)[offset_c..offset_c + n];
                assert_eq!(xc.as_ptr() as usize % 64, offset_c);
                let (buf_q, oq) = at_offset(&q, offset_q);
                let xq = &floats(&buf_q)[oq..oq + n];
                for k in Kernel::available() {
                    let dot = k.dot_i8(xc, xq).unwrap();
                    assert!(
                        (f64::from(dot) - f64::from(want)).abs() <= bound,
                        "{} dot_i8 n={n} offset={offset_c}: {dot} vs {want} (bound {bound})",
                        k.isa()
                    );
                    assert_eq!(k.dot_i8(xc, &xq[..n.saturating_sub(1)]).is_none(), n > 0);
                }
            }
        }
    }

    /// Exact, so equal: every length to 200 (whole 64-byte steps, pairs of them, and every
    /// tail), both inputs at every offset from a cache line, with the extremes -128 and 127.
    /// `n` pseudo-random bytes from `seed`, with both ends of the `i8` range every 11 bytes.
    fn bytes(seed: u32, n: usize) -> Vec<i8> {
        let mut x = seed.wrapping_mul(2_654_435_761).wrapping_add(7);
        (0..n)
            .map(|i| {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                match i % 11 {
                    0 => i8::MIN,
                    5 => i8::MAX,
                    _ => x as i8,
                }
            })
            .collect()
    }

    #[test]
    fn e8_every_int8_int8_dot_equals_the_reference_at_every_length_and_offset() {
        for n in 0..=200 {
            let a = bytes(n as u32, n);
            let b = bytes(9000 + n as u32, n);
            let want = reference_dot_i8_i8(&a, &b).unwrap();
            for offset_a in 0..64 {
                let offset_b = (offset_a * 7 + 3) % 64;
                let place = |v: &[i8], offset: usize| {
                    let mut buf = vec![Block([0.0; 16]); (offset + v.len()).div_ceil(64) + 1];
                    bytemuck::cast_slice_mut::<Block, i8>(&mut buf)[offset..offset + v.len()]
                        .copy_from_slice(v);
                    buf
                };
                let (buf_a, buf_b) = (place(&a, offset_a), place(&b, offset_b));
                let xa = &bytemuck::cast_slice::<Block, i8>(&buf_a)[offset_a..offset_a + n];
                let xb = &bytemuck::cast_slice::<Block, i8>(&buf_b)[offset_b..offset_b + n];
                assert_eq!(xa.as_ptr() as usize % 64, offset_a);
                for k in Kernel::available() {
                    assert_eq!(
                        k.dot_i8_i8(xa, xb),
                        Some(want),
                        "{} n={n} offsets {offset_a}/{offset_b}",
                        k.isa()
                    );
                    assert_eq!(k.dot_i8_i8(xa, &xb[..n.saturating_sub(1)]).is_none(), n > 0);
                }
            }
        }
    }

    #[test]
    fn e8_every_multi_row_int8_dot_equals_the_reference_at_every_length_and_offset() {
        for d in 0..=200 {
            let q = bytes(d as u32, d);
            for m in [0, 1, 3, 4, 5, 9] {
                let rows = bytes(7000 + d as u32 * 10 + m as u32, d * m);
                for offset in [0, 1, 31, 63] {
                    let offset_q = (offset * 5 + 2) % 64;
                    let mut buf_q = vec![0_i8; offset_q + d];
                    buf_q[offset_q..].copy_from_slice(&q);
                    let mut buf_r = vec![0_i8; offset + rows.len() + 7];
                    buf_r[offset..offset + rows.len()].copy_from_slice(&rows);
                    // A trailing partial row (one byte, where a row is longer) is not a row.
                    let partial = usize::from(d > 1);
                    let xq = &buf_q[offset_q..];
                    let xr = &buf_r[offset..offset + rows.len() + partial];
                    for k in Kernel::available() {
                        // One slot more than rows: it keeps its value.
                        let mut out = vec![i32::MIN; m + 1];
                        k.dots_i8_i8(xq, xr, &mut out);
                        for (i, o) in out.iter().enumerate() {
                            let want = if d > 0 && i < m {
                                reference_dot_i8_i8(&q, &rows[i * d..(i + 1) * d]).unwrap()
                            } else {
                                i32::MIN
                            };
                            assert_eq!(*o, want, "{} d={d} m={m} row {i} offset {offset}", k.isa());
                        }
                        // Room for fewer rows than there are: only those are written.
                        let mut short = vec![0_i32; m / 2];
                        k.dots_i8_i8(xq, xr, &mut short);
                        for (i, o) in short.iter().enumerate() {
                            let want = reference_dot_i8_i8(&q, &rows[i * d..(i + 1) * d]);
                            assert_eq!(Some(*o), want.or(Some(0)), "{} d={d} short", k.isa());
                        }
                    }
                }
            }
        }
    }

    /// The longest inputs sum without wrapping: 16 384 components of -128 · -128 (2²⁸).
    #[test]
    fn the_int8_dot_of_the_longest_embedding_does_not_wrap() {
        let a = vec![i8::MIN; crate::MAX_DIMENSION];
        for k in Kernel::available() {
            assert_eq!(k.dot_i8_i8(&a, &a), Some(1 << 28), "{}", k.isa());
        }
    }

    /// Rows are [`Lanes`], aligned by their type; the query is placed at every word offset
    /// from a cache line, and every number of rows from 0 to 17 fills or leaves part of a group.
    #[test]
    fn e8_every_hamming_kernel_equals_the_reference_at_every_length_and_offset() {
        let word = |seed: u64, i: usize| {
            let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (i as u64 + 1);
            x ^= x << 13;
            x ^= x >> 7;
            x ^ (x << 17)
        };
        for w in 0..=67 {
            let q: Vec<u64> = (0..w).map(|i| word(7, i)).collect();
            for rows in [0usize, 1, 7, 8, 9, 17] {
                let groups: Vec<Lanes> = (0..rows.div_ceil(8) * w)
                    .map(|g| Lanes(std::array::from_fn(|l| word(11 + w as u64, g * 8 + l))))
                    .collect();
                // The plain definition, row by row.
                let plain: Vec<u32> = (0..rows)
                    .map(|r| {
                        (0..w)
                            .map(|j| (groups[(r / 8) * w + j].0[r % 8] ^ q[j]).count_ones())
                            .sum()
                    })
                    .collect();
                let mut want = vec![u32::MAX; rows + 1];
                reference_hamming(&q, &groups, &mut want[..rows]);
                if w > 0 {
                    assert_eq!(&want[..rows], plain.as_slice());
                }
                for offset_q in 0..8 {
                    let mut buf_q = vec![Lanes::default(); (offset_q + w).div_ceil(8) + 1];
                    let wq: &mut [u64] = bytemuck::cast_slice_mut(&mut buf_q);
                    wq[offset_q..offset_q + w].copy_from_slice(&q);
                    let xq = &bytemuck::cast_slice::<Lanes, u64>(&buf_q)[offset_q..offset_q + w];
                    assert_eq!(xq.as_ptr() as usize % 64, offset_q * 8);
                    for k in Kernel::available() {
                        let mut got = vec![u32::MAX; rows + 1];
                        k.hamming(xq, &groups, &mut got[..rows]);
                        assert_eq!(
                            got,
                            want,
                            "{} hamming w={w} rows={rows} offset={offset_q}",
                            k.isa()
                        );
                    }
                }
            }
        }
    }

    /// `prefetch` is only a hint: at every length and offset from a cache line, on bytes, codes
    /// and sign words, it leaves the data as it was (and, touching only the slice, cannot fault).
    #[test]
    fn prefetch_changes_nothing_at_any_length_or_offset() {
        let bytes: Vec<u8> = (0..600_u32).map(|i| (i * 37 % 251) as u8).collect();
        for offset in 0..64 {
            for n in [0, 1, 63, 64, 65, 129, 384, 500] {
                let slice = &bytes[offset..offset + n];
                let before = slice.to_vec();
                prefetch(slice);
                prefetch(bytemuck::cast_slice::<u8, i8>(slice));
                assert_eq!(slice, before.as_slice());
            }
        }
        let lanes = vec![Lanes([7; 8]); 13];
        prefetch(&lanes);
        prefetch::<Lanes>(&[]);
        assert!(lanes.iter().all(|l| l.0 == [7; 8]));
    }

    #[test]
    fn e8_mismatched_lengths_and_degenerate_vectors_are_refused_not_misread() {
        for k in Kernel::available() {
            assert_eq!(k.dot(&[1.0, 2.0], &[1.0]), None);
            assert_eq!(k.cosine(&[1.0, 2.0], &[1.0]), None);
            assert_eq!(k.cosine(&[0.0; 9], &[1.0; 9]), None, "zero magnitude");
            assert_eq!(k.cosine(&[], &[]), None, "empty");
            assert_eq!(k.cosine(&[f32::NAN; 3], &[1.0; 3]), None);
            let v = sample(7, 40);
            let same = k.cosine(&v, &v).unwrap();
            assert!((same - 1.0).abs() <= 4.0 * f32::EPSILON, "{same}");
            let neg: Vec<f32> = v.iter().map(|x| -x).collect();
            assert!((k.cosine(&v, &neg).unwrap() + 1.0).abs() <= 4.0 * f32::EPSILON);
        }
    }

    #[test]
    fn e8_detection_is_cached_and_consistent() {
        let best = Kernel::best();
        assert_eq!(best, Kernel::best());
        assert_eq!(Kernel::available().first().copied(), Some(best));
        assert!(Kernel::of(Isa::Scalar).is_some());
        #[cfg(target_arch = "x86_64")]
        assert!(Kernel::of(Isa::Neon).is_none());
        #[cfg(target_arch = "aarch64")]
        {
            assert!(Kernel::of(Isa::Avx2Fma).is_none() && Kernel::of(Isa::Avx512).is_none());
            assert_eq!(
                best.isa(),
                Isa::Neon,
                "NEON is part of the aarch64 baseline"
            );
        }
    }
}
