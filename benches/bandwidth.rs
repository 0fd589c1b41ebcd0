//! The memory-bandwidth floor under any scan of `f32` rows: a plain read-and-sum of the same
//! bytes, with the widest loads this CPU has (chosen at run time: AVX-512F, else AVX2, else
//! 16-float chunks the compiler vectorises for the baseline, which on aarch64 is NEON) and on
//! as many threads as the scan it is compared with, each summing one contiguous part. Nothing
//! that reads every byte once can be faster, so a scan's time divided into this one's is the
//! fraction of the floor it reaches. A scan that reads fewer bytes (the quantized copy) can
//! beat it.
//!
//! Shared by the vector, recall and floor benches (`#[path = "bandwidth.rs"] mod bandwidth;`).

#![allow(dead_code)]
// The AVX-512F and AVX2 loops below are `#[target_feature]` functions, called only after the
// feature is detected at run time, as the kernels of `kenning-vector` are.
#![allow(unsafe_code)]

/// The widest loads [`read_and_sum`] uses on this CPU.
pub(crate) fn isa() -> &'static str {
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("avx512f") {
            return "avx512f";
        }
        if std::is_x86_feature_detected!("avx2") {
            return "avx2";
        }
    }
    if cfg!(target_arch = "aarch64") {
        "neon"
    } else {
        "baseline"
    }
}

/// The sum of `data`, read once from start to end with the widest loads this CPU has.
pub(crate) fn read_and_sum(data: &[f32]) -> f32 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("avx512f") {
            // SAFETY: AVX-512F was detected just above.
            return unsafe { x86::sum_avx512(data) };
        }
        if std::is_x86_feature_detected!("avx2") {
            // SAFETY: AVX2 was detected just above.
            return unsafe { x86::sum_avx2(data) };
        }
    }
    sum_chunks(data)
}

/// [`read_and_sum`] over `threads` contiguous parts of `data` (as equal as whole 16-float
/// blocks allow), the first in the caller's thread and the others in scoped threads: the same
/// split as the vector lane's parallel stage 1.
pub(crate) fn read_and_sum_parallel(data: &[f32], threads: usize) -> f32 {
    let threads = threads.max(1);
    if threads == 1 {
        return read_and_sum(data);
    }
    let per_thread = data.len().div_ceil(threads).div_ceil(16) * 16;
    std::thread::scope(|scope| {
        let mut parts = data.chunks(per_thread.max(16));
        let first = parts.next().unwrap_or_default();
        let spawned: Vec<_> = parts
            .map(|part| scope.spawn(move || read_and_sum(part)))
            .collect();
        let mut sum = read_and_sum(first);
        for handle in spawned {
            sum += handle
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
        }
        sum
    })
}

/// Sixteen independent lanes, so the adds never wait on each other: the compiler turns the
/// inner loop into the baseline's vector loads (SSE on x86-64, NEON on aarch64).
fn sum_chunks(data: &[f32]) -> f32 {
    let (blocks, tail) = data.as_chunks::<16>();
    let mut acc = [0.0_f32; 16];
    for block in blocks {
        for i in 0..16 {
            acc[i] += block[i];
        }
    }
    acc.iter().sum::<f32>() + tail.iter().sum::<f32>()
}

#[cfg(target_arch = "x86_64")]
mod x86 {
    use std::arch::x86_64::{
        __m256, __m512, _mm256_add_ps, _mm256_setzero_ps, _mm256_storeu_ps, _mm512_add_ps,
        _mm512_reduce_add_ps, _mm512_setzero_ps,
    };

    /// Aligned 64-byte loads into eight accumulators (two adds per cycle, four cycles of
    /// latency), the unaligned head and tail summed plainly.
    ///
    /// # Safety
    /// The CPU must support AVX-512F.
    #[target_feature(enable = "avx512f")]
    pub(super) unsafe fn sum_avx512(data: &[f32]) -> f32 {
        // SAFETY: every bit pattern of sixteen `f32`s is a valid `__m512`, and `align_to`
        // gives only whole, aligned vectors in the middle.
        let (head, body, tail) = unsafe { data.align_to::<__m512>() };
        let (blocks, rest) = body.as_chunks::<8>();
        let mut acc = [_mm512_setzero_ps(); 8];
        for block in blocks {
            for i in 0..8 {
                acc[i] = _mm512_add_ps(acc[i], block[i]);
            }
        }
        for (i, v) in rest.iter().enumerate() {
            acc[i] = _mm512_add_ps(acc[i], *v);
        }
        let mut total = _mm512_setzero_ps();
        for a in acc {
            total = _mm512_add_ps(total, a);
        }
        _mm512_reduce_add_ps(total) + head.iter().sum::<f32>() + tail.iter().sum::<f32>()
    }

    /// Aligned 32-byte loads into eight accumulators, the unaligned head and tail summed
    /// plainly.
    ///
    /// # Safety
    /// The CPU must support AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn sum_avx2(data: &[f32]) -> f32 {
        // SAFETY: every bit pattern of eight `f32`s is a valid `__m256`, and `align_to` gives
        // only whole, aligned vectors in the middle.
        let (head, body, tail) = unsafe { data.align_to::<__m256>() };
        let (blocks, rest) = body.as_chunks::<8>();
        let mut acc = [_mm256_setzero_ps(); 8];
        for block in blocks {
            for i in 0..8 {
                acc[i] = _mm256_add_ps(acc[i], block[i]);
            }
        }
        for (i, v) in rest.iter().enumerate() {
            acc[i] = _mm256_add_ps(acc[i], *v);
        }
        let mut total = _mm256_setzero_ps();
        for a in acc {
            total = _mm256_add_ps(total, a);
        }
        let mut lanes = [0.0_f32; 8];
        // SAFETY: `lanes` is eight writable `f32`s; the store needs no alignment.
        unsafe { _mm256_storeu_ps(lanes.as_mut_ptr(), total) };
        lanes.iter().sum::<f32>() + head.iter().sum::<f32>() + tail.iter().sum::<f32>()
    }
}
