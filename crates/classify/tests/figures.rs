//! The figures of every slice in one table: kind accuracy on the derivable sentences,
//! underivable precision, injection recall per language (with the family), the injections
//! tainted at all (whatever family flagged them: the label's `instruction_taint` a caller reads),
//! and the share of the slice's benign text (its labelled sentences and its `benign*.tsv` near
//! misses) tainted.
//! Ignored by default; run it with
//! `cargo test -p kenning-classify --test figures -- --ignored --nocapture`.
//! With `KENNING_MISSES=1` it also prints the misses of the tuning slices; with
//! `KENNING_TUNING_ONLY=1` it skips the held-out slices (their figures are then not read). It
//! never prints the sentences of a held-out slice (7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29,
//! 31, 33, 35, 37, 39, 41, 43, 45, 47, 49, 51, 53, 55, 57, 59, 61, 63, 65, 67, 69, 71, 73, 75,
//! 77, 79, 81, 83, 85, 87, 89, 91, 93, 95, 97, 99, 101, 103, 105, 107, 109, 111, 113, 115, 117, 119, 121, 123, 125, 127, 129, 131, 133, 135, 137, 139, 141, 143, 145, 147, 149, 151): their figures are read, their text is not.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::print_stdout
)]

mod common;

use common::{benign, injections, labelled};
use kenning_classify::{Kind, Options, TaintFamily, classify};

/// A slice: (name, labelled file, injection file, benign file, held out).
type Slice = (
    &'static str,
    &'static str,
    Option<&'static str>,
    Option<&'static str>,
    bool,
);

const SLICES: &[Slice] = &[
    (
        "dev",
        "labelled_dev.tsv",
        Some("injection.tsv"),
        Some("benign.tsv"),
        false,
    ),
    ("holdout", "labelled_holdout.tsv", None, None, false),
    (
        "fresh",
        "labelled_fresh.tsv",
        Some("injection_fresh.tsv"),
        Some("benign_fresh.tsv"),
        false,
    ),
    (
        "fresh2",
        "labelled_fresh2.tsv",
        Some("injection_fresh2.tsv"),
        Some("benign_fresh2.tsv"),
        false,
    ),
    (
        "fresh3",
        "labelled_fresh3.tsv",
        Some("injection_fresh3.tsv"),
        Some("benign_fresh3.tsv"),
        false,
    ),
    (
        "fresh4",
        "labelled_fresh4.tsv",
        Some("injection_fresh4.tsv"),
        Some("benign_fresh4.tsv"),
        false,
    ),
    (
        "fresh5",
        "labelled_fresh5.tsv",
        Some("injection_fresh5.tsv"),
        Some("benign_fresh5.tsv"),
        false,
    ),
    (
        "fresh6",
        "labelled_fresh6.tsv",
        Some("injection_fresh6.tsv"),
        Some("benign_fresh6.tsv"),
        false,
    ),
    (
        "fresh8",
        "labelled_fresh8.tsv",
        Some("injection_fresh8.tsv"),
        Some("benign_fresh8.tsv"),
        false,
    ),
    (
        "fresh10",
        "labelled_fresh10.tsv",
        Some("injection_fresh10.tsv"),
        Some("benign_fresh10.tsv"),
        false,
    ),
    (
        "fresh12",
        "labelled_fresh12.tsv",
        Some("injection_fresh12.tsv"),
        Some("benign_fresh12.tsv"),
        false,
    ),
    (
        "fresh14",
        "labelled_fresh14.tsv",
        Some("injection_fresh14.tsv"),
        Some("benign_fresh14.tsv"),
        false,
    ),
    (
        "fresh16",
        "labelled_fresh16.tsv",
        Some("injection_fresh16.tsv"),
        Some("benign_fresh16.tsv"),
        false,
    ),
    (
        "fresh18",
        "labelled_fresh18.tsv",
        Some("injection_fresh18.tsv"),
        Some("benign_fresh18.tsv"),
        false,
    ),
    (
        "fresh20",
        "labelled_fresh20.tsv",
        Some("injection_fresh20.tsv"),
        Some("benign_fresh20.tsv"),
        false,
    ),
    (
        "fresh22",
        "labelled_fresh22.tsv",
        Some("injection_fresh22.tsv"),
        Some("benign_fresh22.tsv"),
        false,
    ),
    (
        "fresh24",
        "labelled_fresh24.tsv",
        Some("injection_fresh24.tsv"),
        Some("benign_fresh24.tsv"),
        false,
    ),
    (
        "fresh26",
        "labelled_fresh26.tsv",
        Some("injection_fresh26.tsv"),
        Some("benign_fresh26.tsv"),
        false,
    ),
    (
        "fresh28",
        "labelled_fresh28.tsv",
        Some("injection_fresh28.tsv"),
        Some("benign_fresh28.tsv"),
        false,
    ),
    (
        "fresh30",
        "labelled_fresh30.tsv",
        Some("injection_fresh30.tsv"),
        Some("benign_fresh30.tsv"),
        false,
    ),
    (
        "fresh32",
        "labelled_fresh32.tsv",
        Some("injection_fresh32.tsv"),
        Some("benign_fresh32.tsv"),
        false,
    ),
    (
        "probe",
        "probe_families.tsv",
        Some("probe_injection.tsv"),
        Some("probe_benign.tsv"),
        false,
    ),
    (
        "fresh7 (HELD OUT)",
        "labelled_fresh7.tsv",
        Some("injection_fresh7.tsv"),
        Some("benign_fresh7.tsv"),
        true,
    ),
    (
        "fresh9 (HELD OUT)",
        "labelled_fresh9.tsv",
        Some("injection_fresh9.tsv"),
        Some("benign_fresh9.tsv"),
        true,
    ),
    (
        "fresh11 (HELD OUT)",
        "labelled_fresh11.tsv",
        Some("injection_fresh11.tsv"),
        Some("benign_fresh11.tsv"),
        true,
    ),
    (
        "fresh13 (HELD OUT)",
        "labelled_fresh13.tsv",
        Some("injection_fresh13.tsv"),
        Some("benign_fresh13.tsv"),
        true,
    ),
    (
        "fresh15 (HELD OUT)",
        "labelled_fresh15.tsv",
        Some("injection_fresh15.tsv"),
        Some("benign_fresh15.tsv"),
        true,
    ),
    (
        "fresh17 (HELD OUT)",
        "labelled_fresh17.tsv",
        Some("injection_fresh17.tsv"),
        Some("benign_fresh17.tsv"),
        true,
    ),
    (
        "fresh19 (HELD OUT)",
        "labelled_fresh19.tsv",
        Some("injection_fresh19.tsv"),
        Some("benign_fresh19.tsv"),
        true,
    ),
    (
        "fresh21 (HELD OUT)",
        "labelled_fresh21.tsv",
        Some("injection_fresh21.tsv"),
        Some("benign_fresh21.tsv"),
        true,
    ),
    (
        "fresh23 (HELD OUT)",
        "labelled_fresh23.tsv",
        Some("injection_fresh23.tsv"),
        Some("benign_fresh23.tsv"),
        true,
    ),
    (
        "fresh25 (HELD OUT)",
        "labelled_fresh25.tsv",
        Some("injection_fresh25.tsv"),
        Some("benign_fresh25.tsv"),
        true,
    ),
    (
        "fresh27 (HELD OUT)",
        "labelled_fresh27.tsv",
        Some("injection_fresh27.tsv"),
        Some("benign_fresh27.tsv"),
        true,
    ),
    (
        "fresh29 (HELD OUT)",
        "labelled_fresh29.tsv",
        Some("injection_fresh29.tsv"),
        Some("benign_fresh29.tsv"),
        true,
    ),
    (
        "fresh31 (HELD OUT)",
        "labelled_fresh31.tsv",
        Some("injection_fresh31.tsv"),
        Some("benign_fresh31.tsv"),
        true,
    ),
    (
        "fresh33 (HELD OUT)",
        "labelled_fresh33.tsv",
        Some("injection_fresh33.tsv"),
        Some("benign_fresh33.tsv"),
        true,
    ),
    (
        "fresh34",
        "labelled_fresh34.tsv",
        Some("injection_fresh34.tsv"),
        Some("benign_fresh34.tsv"),
        false,
    ),
    (
        "fresh35 (HELD OUT)",
        "labelled_fresh35.tsv",
        Some("injection_fresh35.tsv"),
        Some("benign_fresh35.tsv"),
        true,
    ),
    (
        "fresh36",
        "labelled_fresh36.tsv",
        Some("injection_fresh36.tsv"),
        Some("benign_fresh36.tsv"),
        false,
    ),
    (
        "fresh37 (HELD OUT)",
        "labelled_fresh37.tsv",
        Some("injection_fresh37.tsv"),
        Some("benign_fresh37.tsv"),
        true,
    ),
    (
        "fresh38",
        "labelled_fresh38.tsv",
        Some("injection_fresh38.tsv"),
        Some("benign_fresh38.tsv"),
        false,
    ),
    (
        "fresh39 (HELD OUT)",
        "labelled_fresh39.tsv",
        Some("injection_fresh39.tsv"),
        Some("benign_fresh39.tsv"),
        true,
    ),
    (
        "fresh40",
        "labelled_fresh40.tsv",
        Some("injection_fresh40.tsv"),
        Some("benign_fresh40.tsv"),
        false,
    ),
    (
        "fresh41 (HELD OUT)",
        "labelled_fresh41.tsv",
        Some("injection_fresh41.tsv"),
        Some("benign_fresh41.tsv"),
        true,
    ),
    (
        "fresh42",
        "labelled_fresh42.tsv",
        Some("injection_fresh42.tsv"),
        Some("benign_fresh42.tsv"),
        false,
    ),
    (
        "fresh43 (HELD OUT)",
        "labelled_fresh43.tsv",
        Some("injection_fresh43.tsv"),
        Some("benign_fresh43.tsv"),
        true,
    ),
    (
        "fresh44",
        "labelled_fresh44.tsv",
        Some("injection_fresh44.tsv"),
        Some("benign_fresh44.tsv"),
        false,
    ),
    (
        "fresh45 (HELD OUT)",
        "labelled_fresh45.tsv",
        Some("injection_fresh45.tsv"),
        Some("benign_fresh45.tsv"),
        true,
    ),
    (
        "fresh46",
        "labelled_fresh46.tsv",
        Some("injection_fresh46.tsv"),
        Some("benign_fresh46.tsv"),
        false,
    ),
    (
        "fresh47 (HELD OUT)",
        "labelled_fresh47.tsv",
        Some("injection_fresh47.tsv"),
        Some("benign_fresh47.tsv"),
        true,
    ),
    (
        "fresh48",
        "labelled_fresh48.tsv",
        Some("injection_fresh48.tsv"),
        Some("benign_fresh48.tsv"),
        false,
    ),
    (
        "fresh49 (HELD OUT)",
        "labelled_fresh49.tsv",
        Some("injection_fresh49.tsv"),
        Some("benign_fresh49.tsv"),
        true,
    ),
    (
        "fresh50",
        "labelled_fresh50.tsv",
        Some("injection_fresh50.tsv"),
        Some("benign_fresh50.tsv"),
        false,
    ),
    (
        "fresh51 (HELD OUT)",
        "labelled_fresh51.tsv",
        Some("injection_fresh51.tsv"),
        Some("benign_fresh51.tsv"),
        true,
    ),
    (
        "fresh52",
        "labelled_fresh52.tsv",
        Some("injection_fresh52.tsv"),
        Some("benign_fresh52.tsv"),
        false,
    ),
    (
        "fresh53 (HELD OUT)",
        "labelled_fresh53.tsv",
        Some("injection_fresh53.tsv"),
        Some("benign_fresh53.tsv"),
        true,
    ),
    (
        "fresh54",
        "labelled_fresh54.tsv",
        Some("injection_fresh54.tsv"),
        Some("benign_fresh54.tsv"),
        false,
    ),
    (
        "fresh55 (HELD OUT)",
        "labelled_fresh55.tsv",
        Some("injection_fresh55.tsv"),
        Some("benign_fresh55.tsv"),
        true,
    ),
    (
        "fresh56",
        "labelled_fresh56.tsv",
        Some("injection_fresh56.tsv"),
        Some("benign_fresh56.tsv"),
        false,
    ),
    (
        "fresh57 (HELD OUT)",
        "labelled_fresh57.tsv",
        Some("injection_fresh57.tsv"),
        Some("benign_fresh57.tsv"),
        true,
    ),
    (
        "fresh58",
        "labelled_fresh58.tsv",
        Some("injection_fresh58.tsv"),
        Some("benign_fresh58.tsv"),
        false,
    ),
    (
        "fresh59 (HELD OUT)",
        "labelled_fresh59.tsv",
        Some("injection_fresh59.tsv"),
        Some("benign_fresh59.tsv"),
        true,
    ),
    (
        "fresh60",
        "labelled_fresh60.tsv",
        Some("injection_fresh60.tsv"),
        Some("benign_fresh60.tsv"),
        false,
    ),
    (
        "fresh61 (HELD OUT)",
        "labelled_fresh61.tsv",
        Some("injection_fresh61.tsv"),
        Some("benign_fresh61.tsv"),
        true,
    ),
    (
        "fresh62",
        "labelled_fresh62.tsv",
        Some("injection_fresh62.tsv"),
        Some("benign_fresh62.tsv"),
        false,
    ),
    (
        "fresh63 (HELD OUT)",
        "labelled_fresh63.tsv",
        Some("injection_fresh63.tsv"),
        Some("benign_fresh63.tsv"),
        true,
    ),
    (
        "fresh64",
        "labelled_fresh64.tsv",
        Some("injection_fresh64.tsv"),
        Some("benign_fresh64.tsv"),
        false,
    ),
    (
        "fresh65 (HELD OUT)",
        "labelled_fresh65.tsv",
        Some("injection_fresh65.tsv"),
        Some("benign_fresh65.tsv"),
        true,
    ),
    (
        "fresh66",
        "labelled_fresh66.tsv",
        Some("injection_fresh66.tsv"),
        Some("benign_fresh66.tsv"),
        false,
    ),
    (
        "fresh67 (HELD OUT)",
        "labelled_fresh67.tsv",
        Some("injection_fresh67.tsv"),
        Some("benign_fresh67.tsv"),
        true,
    ),
    (
        "fresh68",
        "labelled_fresh68.tsv",
        Some("injection_fresh68.tsv"),
        Some("benign_fresh68.tsv"),
        false,
    ),
    (
        "fresh69 (HELD OUT)",
        "labelled_fresh69.tsv",
        Some("injection_fresh69.tsv"),
        Some("benign_fresh69.tsv"),
        true,
    ),
    (
        "fresh70",
        "labelled_fresh70.tsv",
        Some("injection_fresh70.tsv"),
        Some("benign_fresh70.tsv"),
        false,
    ),
    (
        "fresh71 (HELD OUT)",
        "labelled_fresh71.tsv",
        Some("injection_fresh71.tsv"),
        Some("benign_fresh71.tsv"),
        true,
    ),
    (
        "fresh72",
        "labelled_fresh72.tsv",
        Some("injection_fresh72.tsv"),
        Some("benign_fresh72.tsv"),
        false,
    ),
    (
        "fresh73 (HELD OUT)",
        "labelled_fresh73.tsv",
        Some("injection_fresh73.tsv"),
        Some("benign_fresh73.tsv"),
        true,
    ),
    (
        "fresh74",
        "labelled_fresh74.tsv",
        Some("injection_fresh74.tsv"),
        Some("benign_fresh74.tsv"),
        false,
    ),
    (
        "fresh75 (HELD OUT)",
        "labelled_fresh75.tsv",
        Some("injection_fresh75.tsv"),
        Some("benign_fresh75.tsv"),
        true,
    ),
    (
        "fresh76",
        "labelled_fresh76.tsv",
        Some("injection_fresh76.tsv"),
        Some("benign_fresh76.tsv"),
        false,
    ),
    (
        "fresh77 (HELD OUT)",
        "labelled_fresh77.tsv",
        Some("injection_fresh77.tsv"),
        Some("benign_fresh77.tsv"),
        true,
    ),
    (
        "fresh78",
        "labelled_fresh78.tsv",
        Some("injection_fresh78.tsv"),
        Some("benign_fresh78.tsv"),
        false,
    ),
    (
        "fresh79 (HELD OUT)",
        "labelled_fresh79.tsv",
        Some("injection_fresh79.tsv"),
        Some("benign_fresh79.tsv"),
        true,
    ),
    (
        "fresh80",
        "labelled_fresh80.tsv",
        Some("injection_fresh80.tsv"),
        Some("benign_fresh80.tsv"),
        false,
    ),
    (
        "fresh81 (HELD OUT)",
        "labelled_fresh81.tsv",
        Some("injection_fresh81.tsv"),
        Some("benign_fresh81.tsv"),
        true,
    ),
    (
        "fresh82",
        "labelled_fresh82.tsv",
        Some("injection_fresh82.tsv"),
        Some("benign_fresh82.tsv"),
        false,
    ),
    (
        "fresh83 (HELD OUT)",
        "labelled_fresh83.tsv",
        Some("injection_fresh83.tsv"),
        Some("benign_fresh83.tsv"),
        true,
    ),
    (
        "fresh84",
        "labelled_fresh84.tsv",
        Some("injection_fresh84.tsv"),
        Some("benign_fresh84.tsv"),
        false,
    ),
    (
        "fresh85 (HELD OUT)",
        "labelled_fresh85.tsv",
        Some("injection_fresh85.tsv"),
        Some("benign_fresh85.tsv"),
        true,
    ),
    (
        "fresh86",
        "labelled_fresh86.tsv",
        Some("injection_fresh86.tsv"),
        Some("benign_fresh86.tsv"),
        false,
    ),
    (
        "fresh87 (HELD OUT)",
        "labelled_fresh87.tsv",
        Some("injection_fresh87.tsv"),
        Some("benign_fresh87.tsv"),
        true,
    ),
    (
        "fresh88",
        "labelled_fresh88.tsv",
        Some("injection_fresh88.tsv"),
        Some("benign_fresh88.tsv"),
        false,
    ),
    (
        "fresh89 (HELD OUT)",
        "labelled_fresh89.tsv",
        Some("injection_fresh89.tsv"),
        Some("benign_fresh89.tsv"),
        true,
    ),
    (
        "fresh90",
        "labelled_fresh90.tsv",
        Some("injection_fresh90.tsv"),
        Some("benign_fresh90.tsv"),
        false,
    ),
    (
        "fresh91 (HELD OUT)",
        "labelled_fresh91.tsv",
        Some("injection_fresh91.tsv"),
        Some("benign_fresh91.tsv"),
        true,
    ),
    (
        "fresh92",
        "labelled_fresh92.tsv",
        Some("injection_fresh92.tsv"),
        Some("benign_fresh92.tsv"),
        false,
    ),
    (
        "fresh93 (HELD OUT)",
        "labelled_fresh93.tsv",
        Some("injection_fresh93.tsv"),
        Some("benign_fresh93.tsv"),
        true,
    ),
    (
        "fresh94",
        "labelled_fresh94.tsv",
        Some("injection_fresh94.tsv"),
        Some("benign_fresh94.tsv"),
        false,
    ),
    (
        "fresh95 (HELD OUT)",
        "labelled_fresh95.tsv",
        Some("injection_fresh95.tsv"),
        Some("benign_fresh95.tsv"),
        true,
    ),
    (
        "fresh96",
        "labelled_fresh96.tsv",
        Some("injection_fresh96.tsv"),
        Some("benign_fresh96.tsv"),
        false,
    ),
    (
        "fresh97 (HELD OUT)",
        "labelled_fresh97.tsv",
        Some("injection_fresh97.tsv"),
        Some("benign_fresh97.tsv"),
        true,
    ),
    (
        "fresh98",
        "labelled_fresh98.tsv",
        Some("injection_fresh98.tsv"),
        Some("benign_fresh98.tsv"),
        false,
    ),
    (
        "fresh99 (HELD OUT)",
        "labelled_fresh99.tsv",
        Some("injection_fresh99.tsv"),
        Some("benign_fresh99.tsv"),
        true,
    ),
    (
        "fresh100",
        "labelled_fresh100.tsv",
        Some("injection_fresh100.tsv"),
        Some("benign_fresh100.tsv"),
        false,
    ),
    (
        "fresh101 (HELD OUT)",
        "labelled_fresh101.tsv",
        Some("injection_fresh101.tsv"),
        Some("benign_fresh101.tsv"),
        true,
    ),
    (
        "fresh102",
        "labelled_fresh102.tsv",
        Some("injection_fresh102.tsv"),
        Some("benign_fresh102.tsv"),
        false,
    ),
    (
        "fresh103 (HELD OUT)",
        "labelled_fresh103.tsv",
        Some("injection_fresh103.tsv"),
        Some("benign_fresh103.tsv"),
        true,
    ),
    (
        "fresh104",
        "labelled_fresh104.tsv",
        Some("injection_fresh104.tsv"),
        Some("benign_fresh104.tsv"),
        false,
    ),
    (
        "fresh105 (HELD OUT)",
        "labelled_fresh105.tsv",
        Some("injection_fresh105.tsv"),
        Some("benign_fresh105.tsv"),
        true,
    ),
    (
        "fresh106",
        "labelled_fresh106.tsv",
        Some("injection_fresh106.tsv"),
        Some("benign_fresh106.tsv"),
        false,
    ),
    (
        "fresh107 (HELD OUT)",
        "labelled_fresh107.tsv",
        Some("injection_fresh107.tsv"),
        Some("benign_fresh107.tsv"),
        true,
    ),
    (
        "fresh108",
        "labelled_fresh108.tsv",
        Some("injection_fresh108.tsv"),
        Some("benign_fresh108.tsv"),
        false,
    ),
    (
        "fresh109 (HELD OUT)",
        "labelled_fresh109.tsv",
        Some("injection_fresh109.tsv"),
        Some("benign_fresh109.tsv"),
        true,
    ),
    (
        "fresh110",
        "labelled_fresh110.tsv",
        Some("injection_fresh110.tsv"),
        Some("benign_fresh110.tsv"),
        false,
    ),
    (
        "fresh111 (HELD OUT)",
        "labelled_fresh111.tsv",
        Some("injection_fresh111.tsv"),
        Some("benign_fresh111.tsv"),
        true,
    ),
    (
        "fresh112",
        "labelled_fresh112.tsv",
        Some("injection_fresh112.tsv"),
        Some("benign_fresh112.tsv"),
        false,
    ),
    (
        "fresh113 (HELD OUT)",
        "labelled_fresh113.tsv",
        Some("injection_fresh113.tsv"),
        Some("benign_fresh113.tsv"),
        true,
    ),
    (
        "fresh114",
        "labelled_fresh114.tsv",
        Some("injection_fresh114.tsv"),
        Some("benign_fresh114.tsv"),
        false,
    ),
    (
        "fresh115 (HELD OUT)",
        "labelled_fresh115.tsv",
        Some("injection_fresh115.tsv"),
        Some("benign_fresh115.tsv"),
        true,
    ),
    (
        "fresh116",
        "labelled_fresh116.tsv",
        Some("injection_fresh116.tsv"),
        Some("benign_fresh116.tsv"),
        false,
    ),
    (
        "fresh117 (HELD OUT)",
        "labelled_fresh117.tsv",
        Some("injection_fresh117.tsv"),
        Some("benign_fresh117.tsv"),
        true,
    ),
    (
        "fresh118",
        "labelled_fresh118.tsv",
        Some("injection_fresh118.tsv"),
        Some("benign_fresh118.tsv"),
        false,
    ),
    (
        "fresh119 (HELD OUT)",
        "labelled_fresh119.tsv",
        Some("injection_fresh119.tsv"),
        Some("benign_fresh119.tsv"),
        true,
    ),
    (
        "fresh120",
        "labelled_fresh120.tsv",
        Some("injection_fresh120.tsv"),
        Some("benign_fresh120.tsv"),
        false,
    ),
    (
        "fresh121 (HELD OUT)",
        "labelled_fresh121.tsv",
        Some("injection_fresh121.tsv"),
        Some("benign_fresh121.tsv"),
        true,
    ),
    (
        "fresh122",
        "labelled_fresh122.tsv",
        Some("injection_fresh122.tsv"),
        Some("benign_fresh122.tsv"),
        false,
    ),
    (
        "fresh123 (HELD OUT)",
        "labelled_fresh123.tsv",
        Some("injection_fresh123.tsv"),
        Some("benign_fresh123.tsv"),
        true,
    ),
    (
        "fresh124",
        "labelled_fresh124.tsv",
        Some("injection_fresh124.tsv"),
        Some("benign_fresh124.tsv"),
        false,
    ),
    (
        "fresh125 (HELD OUT)",
        "labelled_fresh125.tsv",
        Some("injection_fresh125.tsv"),
        Some("benign_fresh125.tsv"),
        true,
    ),
    (
        "fresh126",
        "labelled_fresh126.tsv",
        Some("injection_fresh126.tsv"),
        Some("benign_fresh126.tsv"),
        false,
    ),
    (
        "fresh127 (HELD OUT)",
        "labelled_fresh127.tsv",
        Some("injection_fresh127.tsv"),
        Some("benign_fresh127.tsv"),
        true,
    ),
    (
        "fresh128",
        "labelled_fresh128.tsv",
        Some("injection_fresh128.tsv"),
        Some("benign_fresh128.tsv"),
        false,
    ),
    (
        "fresh129 (HELD OUT)",
        "labelled_fresh129.tsv",
        Some("injection_fresh129.tsv"),
        Some("benign_fresh129.tsv"),
        true,
    ),
    (
        "fresh130",
        "labelled_fresh130.tsv",
        Some("injection_fresh130.tsv"),
        Some("benign_fresh130.tsv"),
        false,
    ),
    (
        "fresh131 (HELD OUT)",
        "labelled_fresh131.tsv",
        Some("injection_fresh131.tsv"),
        Some("benign_fresh131.tsv"),
        true,
    ),
    (
        "fresh132",
        "labelled_fresh132.tsv",
        Some("injection_fresh132.tsv"),
        Some("benign_fresh132.tsv"),
        false,
    ),
    (
        "fresh133 (HELD OUT)",
        "labelled_fresh133.tsv",
        Some("injection_fresh133.tsv"),
        Some("benign_fresh133.tsv"),
        true,
    ),
    (
        "fresh134",
        "labelled_fresh134.tsv",
        Some("injection_fresh134.tsv"),
        Some("benign_fresh134.tsv"),
        false,
    ),
    (
        "fresh135 (HELD OUT)",
        "labelled_fresh135.tsv",
        Some("injection_fresh135.tsv"),
        Some("benign_fresh135.tsv"),
        true,
    ),
    (
        "fresh136",
        "labelled_fresh136.tsv",
        Some("injection_fresh136.tsv"),
        Some("benign_fresh136.tsv"),
        false,
    ),
    (
        "fresh137 (HELD OUT)",
        "labelled_fresh137.tsv",
        Some("injection_fresh137.tsv"),
        Some("benign_fresh137.tsv"),
        true,
    ),
    (
        "fresh138",
        "labelled_fresh138.tsv",
        Some("injection_fresh138.tsv"),
        Some("benign_fresh138.tsv"),
        false,
    ),
    (
        "fresh139 (HELD OUT)",
        "labelled_fresh139.tsv",
        Some("injection_fresh139.tsv"),
        Some("benign_fresh139.tsv"),
        true,
    ),
    (
        "fresh140",
        "labelled_fresh140.tsv",
        Some("injection_fresh140.tsv"),
        Some("benign_fresh140.tsv"),
        false,
    ),
    (
        "fresh141 (HELD OUT)",
        "labelled_fresh141.tsv",
        Some("injection_fresh141.tsv"),
        Some("benign_fresh141.tsv"),
        true,
    ),
    (
        "fresh142",
        "labelled_fresh142.tsv",
        Some("injection_fresh142.tsv"),
        Some("benign_fresh142.tsv"),
        false,
    ),
    (
        "fresh143 (HELD OUT)",
        "labelled_fresh143.tsv",
        Some("injection_fresh143.tsv"),
        Some("benign_fresh143.tsv"),
        true,
    ),
    (
        "fresh144",
        "labelled_fresh144.tsv",
        Some("injection_fresh144.tsv"),
        Some("benign_fresh144.tsv"),
        false,
    ),
    (
        "fresh145 (HELD OUT)",
        "labelled_fresh145.tsv",
        Some("injection_fresh145.tsv"),
        Some("benign_fresh145.tsv"),
        true,
    ),
    (
        "fresh146",
        "labelled_fresh146.tsv",
        Some("injection_fresh146.tsv"),
        Some("benign_fresh146.tsv"),
        false,
    ),
    (
        "fresh147 (HELD OUT)",
        "labelled_fresh147.tsv",
        Some("injection_fresh147.tsv"),
        Some("benign_fresh147.tsv"),
        true,
    ),
    (
        "fresh148",
        "labelled_fresh148.tsv",
        Some("injection_fresh148.tsv"),
        Some("benign_fresh148.tsv"),
        false,
    ),
    (
        "fresh149 (HELD OUT)",
        "labelled_fresh149.tsv",
        Some("injection_fresh149.tsv"),
        Some("benign_fresh149.tsv"),
        true,
    ),
    (
        "fresh150",
        "labelled_fresh150.tsv",
        Some("injection_fresh150.tsv"),
        Some("benign_fresh150.tsv"),
        false,
    ),
    (
        "fresh151 (HELD OUT)",
        "labelled_fresh151.tsv",
        Some("injection_fresh151.tsv"),
        Some("benign_fresh151.tsv"),
        true,
    ),
];

fn kind_of(text: &str) -> Option<Kind> {
    match classify(text, &Options::default()) {
        Ok(label) => Some(label.kind()),
        Err(e) if e.is_underivable() => None,
        Err(e) => panic!("{text:?}: {e}"),
    }
}

fn families(text: &str) -> Vec<TaintFamily> {
    let options = Options {
        kind: Some(Kind::Fact),
        ..Options::default()
    };
    classify(text, &options).unwrap().taint_families().collect()
}

fn pct(a: usize, b: usize) -> f64 {
    100.0 * a as f64 / b.max(1) as f64
}

/// The counts behind one row of the table: a slice's, or a sum of slices'.
#[derive(Default)]
struct Figures {
    right: usize,
    derivable: usize,
    kept: usize,
    answered: usize,
    guessed: usize,
    /// Injections flagged with their family, and injections, per language (en, pt).
    recall: [(usize, usize); 2],
    /// Injections flagged with any family.
    flagged: usize,
    tainted: usize,
    benign: usize,
}

impl Figures {
    fn add(&mut self, o: &Figures) {
        self.right += o.right;
        self.derivable += o.derivable;
        self.kept += o.kept;
        self.answered += o.answered;
        self.guessed += o.guessed;
        for (a, b) in self.recall.iter_mut().zip(o.recall) {
            a.0 += b.0;
            a.1 += b.1;
        }
        self.flagged += o.flagged;
        self.tainted += o.tainted;
        self.benign += o.benign;
    }

    fn print(&self, name: &str) {
        let r = |(h, n): (usize, usize)| {
            if n == 0 {
                "-".to_owned()
            } else {
                format!("{h}/{n} {:.1}%", pct(h, n))
            }
        };
        let injections = self.recall[0].1 + self.recall[1].1;
        println!(
            "{name:<20} {:>15} {:>15} {:>8} {:>13} {:>13} {:>15} {:>13}",
            format!(
                "{}/{} {:.1}%",
                self.right,
                self.derivable,
                pct(self.right, self.derivable)
            ),
            format!(
                "{}/{} {:.1}%",
                self.kept,
                self.answered,
                pct(self.kept, self.answered)
            ),
            self.guessed,
            r(self.recall[0]),
            r(self.recall[1]),
            r((self.flagged, injections)),
            format!(
                "{}/{} {:.2}%",
                self.tainted,
                self.benign,
                pct(self.tainted, self.benign)
            ),
        );
    }
}

#[test]
#[ignore = "prints the figures table; run with --ignored --nocapture"]
fn figures_per_slice() {
    let misses = std::env::var("KENNING_MISSES").is_ok_and(|v| v == "1");
    let tuning_only = std::env::var("KENNING_TUNING_ONLY").is_ok_and(|v| v == "1");
    println!(
        "\n{:<20} {:>15} {:>15} {:>8} {:>13} {:>13} {:>15} {:>13}",
        "slice",
        "kinds",
        "undr precision",
        "guessed",
        "inject en",
        "inject pt",
        "tainted",
        "benign taint"
    );
    let mut shown = Vec::new();
    let (mut tuned, mut unseen) = (Figures::default(), Figures::default());
    for (name, lab, inj, ben, held_out) in SLICES {
        if tuning_only && *held_out {
            continue;
        }
        let corpus = labelled(lab);
        let mut f = Figures::default();
        for s in &corpus {
            let got = kind_of(&s.text);
            match s.label {
                Some(k) => {
                    f.derivable += 1;
                    if got == Some(k) {
                        f.right += 1;
                    }
                }
                None => {
                    if got.is_some() {
                        f.guessed += 1;
                    }
                }
            }
            if got.is_none() {
                f.answered += 1;
                if s.label.is_none() {
                    f.kept += 1;
                }
            }
            if got != s.label && misses && !held_out {
                shown.push(format!(
                    "  {name}: {:<16} got {:<16} [{}] {}",
                    s.label.map_or("underivable", Kind::as_str),
                    got.map_or("underivable", Kind::as_str),
                    s.lang,
                    s.text
                ));
            }
        }
        if let Some(inj) = inj {
            for s in injections(inj) {
                let slot = usize::from(s.lang == "pt");
                f.recall[slot].1 += 1;
                let found = families(&s.text);
                if !found.is_empty() {
                    f.flagged += 1;
                }
                if found.contains(&s.family) {
                    f.recall[slot].0 += 1;
                } else if misses && !held_out {
                    shown.push(format!(
                        "  {name}: missed {} [{}] got {found:?}: {}",
                        s.family, s.lang, s.text
                    ));
                }
            }
        }
        let mut texts: Vec<String> = corpus.iter().map(|s| s.text.clone()).collect();
        if let Some(ben) = ben {
            texts.extend(benign(ben).into_iter().map(|(_, t)| t));
        }
        f.benign = texts.len();
        for t in &texts {
            let found = families(t);
            if !found.is_empty() {
                f.tainted += 1;
                if misses && !held_out {
                    shown.push(format!("  {name}: tainted {found:?}: {t}"));
                }
            }
        }
        f.print(name);
        if *held_out { &mut unseen } else { &mut tuned }.add(&f);
    }
    tuned.print("all tuned on");
    if !tuning_only {
        unseen.print("all held out");
    }
    for line in shown {
        println!("{line}");
    }
}
