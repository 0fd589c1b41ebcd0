//! The conversation lines and embeddings `recall.rs` and `isolation.rs` build their stores from:
//! `Speaker: sentence` lines of English stop words and pseudo-words drawn from a Zipf law, and
//! pseudo-random unit vectors, all from the fixed-seed [`Rng`], so every run measures the same
//! data.

use crate::rng::Rng;

impl Rng {
    pub(crate) fn unit(&mut self) -> f64 {
        (self.next() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// A rank in `0..n` from a Zipf law with exponent 1 and rank offset 10.
    pub(crate) fn zipf(&mut self, n: usize) -> usize {
        let (lo, hi) = (10.0_f64.ln(), (n as f64 + 10.0).ln());
        ((lo + self.unit() * (hi - lo)).exp() - 10.0).clamp(0.0, n as f64 - 1.0) as usize
    }

    /// A unit vector of `d` components.
    pub(crate) fn direction(&mut self, d: usize) -> Vec<f32> {
        let v: Vec<f32> = (0..d).map(|_| self.unit() as f32 * 2.0 - 1.0).collect();
        let norm = v.iter().map(|x| x * x).sum::<f32>().sqrt();
        v.into_iter().map(|x| x / norm).collect()
    }

    /// `content_words` stop words, each followed by a Zipf-drawn word of `vocabulary`.
    pub(crate) fn sentence(&mut self, vocabulary: &[String], content_words: usize) -> String {
        let mut s = String::new();
        for i in 0..content_words {
            if i > 0 {
                s.push(' ');
            }
            s.push_str(STOP[self.next() as usize % STOP.len()]);
            s.push(' ');
            s.push_str(&vocabulary[self.zipf(vocabulary.len())]);
        }
        s
    }

    /// A speaker, a colon, and a sentence of 8 to 17 content words.
    pub(crate) fn line(&mut self, vocabulary: &[String]) -> String {
        let speaker = SPEAKERS[self.next() as usize % SPEAKERS.len()];
        let length = 8 + self.next() as usize % 10;
        format!("{speaker}: {}", self.sentence(vocabulary, length))
    }
}

const STOP: [&str; 24] = [
    "the", "a", "and", "to", "of", "i", "you", "it", "was", "for", "on", "with", "that", "we",
    "is", "at", "my", "so", "just", "about", "have", "this", "be", "are",
];
const SPEAKERS: [&str; 4] = ["Caroline", "Melanie", "Jon", "Gina"];

/// `n` distinct pseudo-words of three syllables.
pub(crate) fn words(n: usize) -> Vec<String> {
    let syllables = [
        "ka", "lo", "mi", "ren", "to", "sa", "vel", "dor", "pi", "an", "qu", "es", "tor", "li",
        "ba", "ne",
    ];
    (0..n)
        .map(|i| {
            let mut w = String::new();
            let mut x = i + 17;
            for _ in 0..3 {
                w.push_str(syllables[x % syllables.len()]);
                x /= syllables.len();
            }
            w
        })
        .collect()
}
