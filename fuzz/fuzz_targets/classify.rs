//! Arbitrary bytes into the classifier: never a panic, and the answer is a pure function of the
//! input (two calls agree, the byte and string entry points agree). The first byte picks the
//! options. Valid UTF-8 is also tried as a JSON request body, whose answer must agree with
//! classifying its content directly.

#![no_main]

use kenning_classify::{
    Basis, ClassifyRequest, Kind, MemoryScope, Options, Origin, TaintReason, classify,
    classify_bytes,
};
use libfuzzer_sys::fuzz_target;

fn options(selector: u8) -> Options {
    let pick = |n: usize, shift: u8| usize::from(selector >> shift) % n;
    Options {
        kind: (selector & 1 == 1).then(|| Kind::ALL[pick(Kind::ALL.len(), 1)]),
        scope: (selector & 0x40 != 0).then(|| MemoryScope::ALL[pick(3, 2)]),
        origin: Origin::ALL[pick(Origin::ALL.len(), 4)],
        taint_hint: selector & 0x80 != 0,
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, content)) = data.split_first() else {
        return;
    };
    let options = options(selector);
    let first = classify_bytes(content, &options);
    assert_eq!(first, classify_bytes(content, &options));
    if let Ok(text) = std::str::from_utf8(content) {
        assert_eq!(first, classify(text, &options));
        if let Ok(request) = ClassifyRequest::parse(text) {
            let answer = request.classify();
            assert_eq!(answer, request.classify());
            assert_eq!(answer, classify(&request.content, &request.options()));
        }
    }
    if let Ok(label) = &first {
        if let Some(kind) = options.kind {
            assert_eq!((label.kind(), label.basis()), (kind, &Basis::Supplied));
        }
        assert_eq!(label.instruction_taint(), !label.taint_reasons().is_empty());
        assert_eq!(
            label.taint_reasons().contains(&TaintReason::Hint),
            options.taint_hint
        );
        let json = serde_json::to_string(label).expect("a label serializes");
        assert_eq!(&serde_json::from_str::<kenning_classify::Label>(&json).expect("and reads back"), label);
    }
});
