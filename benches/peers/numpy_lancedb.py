#!/usr/bin/env python3
"""The vector lane's peers on the same vectors: numpy exact top-10 and LanceDB (flat and IVF-PQ).

Reads what `cargo bench -p kenning-benches --bench floor` writes with KENNING_PEERS_DIR=dir:
vectors_{n}.f32 and queries_{n}.f32 (raw little-endian f32, row-major, 384 per row) and
kenning_{n}.json (Kenning's p50s from the same machine a moment before, and its exact top-10 of
each query). For each size it measures, one query at a time, in this process:

- numpy: the matrix-vector product `X @ q` (OpenBLAS sgemv, OPENBLAS_NUM_THREADS=2 unless set)
  and `argpartition` for the top 10, then the 10 sorted: the exact answer, and the ground truth
  of every recall@10 below (checked against Kenning's exact top-10 to show the files are the
  same data).
- LanceDB (lancedb on a local directory, one table of `id` and the `vector`): a flat search
  (no index, cosine) and, with --ivf-pq, an IVF-PQ index (cosine; partitions and sub-vectors
  as lancedb chooses them) searched with its defaults, and with nprobes 50 and a refine_factor
  of 10 and of 100 (10 or 100 times k PQ candidates re-ranked by their exact distance).
  Each query returns the ids only. Its time includes building the query in Python, as a
  caller's would. --flat-queries N times the flat search on the first N queries only.

Prints p50, p90 and the fastest per query (on a shared machine, the least disturbed by other
load; compared with Kenning's fastest), recall@10 against numpy's exact answer, and each against
Kenning's exact and quantized lanes (2 threads), and writes peers_{n}.json beside the inputs.
Run by hand (CI needs no Python): see docs/performance.md.

    python3 benches/peers/numpy_lancedb.py --dir DIR --sizes 100000 1000000 [--ivf-pq] \
        [--flat-queries 20]
"""

import argparse
import json
import os
import shutil
import statistics
import sys
import time

os.environ.setdefault("OPENBLAS_NUM_THREADS", "2")
os.environ.setdefault("LANCEDB_LOG", "error")

import numpy as np  # noqa: E402

D = 384
K = 10


def load(directory, n):
    vectors = np.fromfile(os.path.join(directory, f"vectors_{n}.f32"), dtype="<f4")
    queries = np.fromfile(os.path.join(directory, f"queries_{n}.f32"), dtype="<f4")
    with open(os.path.join(directory, f"kenning_{n}.json")) as f:
        kenning = json.load(f)
    return vectors.reshape(n, D), queries.reshape(-1, D), kenning


def pct(samples, p):
    s = sorted(samples)
    return s[round((len(s) - 1) * p)]


def timed(queries, search, rounds):
    """Each query `rounds` times after one warm-up pass: (answers of the first pass, times)."""
    answers = [search(q) for q in queries]
    times = []
    for _ in range(rounds):
        for q in queries:
            start = time.perf_counter()
            search(q)
            times.append(time.perf_counter() - start)
    return answers, times


def recall(got, truth):
    hits = sum(len(set(g) & set(t)) for g, t in zip(got, truth))
    return hits / (K * len(truth))


def numpy_exact(x):
    def search(q):
        scores = x @ q
        top = np.argpartition(scores, -K)[-K:]
        return top[np.argsort(-scores[top], kind="stable")].tolist()

    return search


def lance_table(x, directory, n):
    import lancedb
    import pyarrow as pa

    path = os.path.join(directory, f"lancedb_{n}")
    shutil.rmtree(path, ignore_errors=True)
    db = lancedb.connect(path)
    vectors = pa.FixedSizeListArray.from_arrays(pa.array(x.reshape(-1), type=pa.float32()), D)
    table = pa.table({"id": pa.array(np.arange(n, dtype=np.int64)), "vector": vectors})
    start = time.perf_counter()
    tbl = db.create_table("vectors", data=table, mode="overwrite")
    return tbl, time.perf_counter() - start


def lance_search(tbl, flat, nprobes=None, refine=None):
    def search(q):
        s = tbl.search(q, vector_column_name="vector").distance_type("cosine").limit(K)
        if flat:
            s = s.bypass_vector_index()
        if nprobes is not None:
            s = s.nprobes(nprobes)
        if refine is not None:
            s = s.refine_factor(refine)
        return s.select(["id"]).to_arrow()["id"].to_pylist()

    return search


def row(name, times, r, numpy_p50, lane_p50s, lane_fastest):
    p50 = statistics.median(times) * 1e3
    fastest = min(times) * 1e3
    ratios = "  ".join(f"{p50 / v:6.2f}x {k}" for k, v in lane_p50s.items())
    best = "  ".join(f"{fastest / v:6.2f}x {k}" for k, v in lane_fastest.items())
    print(
        f"  {name:<38} p50 {p50:9.3f} ms  p90 {pct(times, 0.9) * 1e3:9.3f} ms  "
        f"recall@10 {r:.4f}  {p50 / numpy_p50:6.2f}x numpy  {ratios}\n"
        f"  {'':<38} fastest {fastest:9.3f} ms: {best}",
        flush=True,
    )
    return {
        "p50_ms": p50,
        "p90_ms": pct(times, 0.9) * 1e3,
        "fastest_ms": fastest,
        "recall_at_10": r,
    }


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--dir", required=True)
    ap.add_argument("--sizes", type=int, nargs="+", default=[100_000, 1_000_000])
    ap.add_argument("--rounds", type=int, default=3, help="timed passes over the queries")
    ap.add_argument("--no-lancedb", action="store_true")
    ap.add_argument(
        "--flat-queries",
        type=int,
        default=None,
        help="time LanceDB's flat search on the first N queries only, one pass (it is slow)",
    )
    ap.add_argument("--ivf-pq", action="store_true", help="also build and search an IVF-PQ index")
    args = ap.parse_args()

    print(
        f"numpy {np.__version__}, OPENBLAS_NUM_THREADS={os.environ['OPENBLAS_NUM_THREADS']}, "
        f"load average {os.getloadavg()[0]:.2f}",
        flush=True,
    )
    for n in args.sizes:
        x, queries, kenning = load(args.dir, n)
        lane = kenning["p50_ms"]
        lanes = {
            "exact": lane["exact_2_threads"],
            "quantized": lane["quantized_2_threads"],
        }
        best = kenning.get("fastest_ms", lane)
        lanes_fastest = {
            "exact": best["exact_2_threads"],
            "quantized": best["quantized_2_threads"],
        }
        print(
            f"{n} x {D}: Kenning (2 threads, from kenning_{n}.json): exact p50 {lanes['exact']:.3f} ms, "
            f"quantized p50 {lanes['quantized']:.3f} ms, floor p50 {lane['floor_2_threads']:.3f} ms; "
            "ratios below are peer / Kenning (p50 / p50, fastest / fastest)",
            flush=True,
        )
        results = {
            "n": n,
            "kenning_p50_ms": lane,
            "kenning_fastest_ms": best,
            "load_average": os.getloadavg(),
        }
        truth, times = timed(queries, numpy_exact(x), args.rounds)
        agree = recall(kenning["exact_top10"], truth)
        numpy_p50 = statistics.median(times) * 1e3
        results["numpy_exact"] = row("numpy X @ q + argpartition", times, 1.0, numpy_p50, lanes, lanes_fastest)
        results["numpy_exact"]["agreement_with_kenning_exact"] = agree
        print(f"  Kenning's exact top-10 against numpy's: {agree:.4f}", flush=True)
        if not args.no_lancedb:
            try:
                tbl, load_s = lance_table(x, args.dir, n)
                print(f"  lancedb table written in {load_s:.1f} s", flush=True)
                few = queries[: args.flat_queries or len(queries)]
                got, times = timed(few, lance_search(tbl, flat=True), 1)
                results["lancedb_flat"] = row(
                    f"lancedb flat (no index), {len(few)} q",
                    times,
                    recall(got, truth[: len(few)]),
                    numpy_p50,
                    lanes,
                    lanes_fastest,
                )
                if args.ivf_pq:
                    from lancedb.index import IvfPq

                    start = time.perf_counter()
                    tbl.create_index("vector", config=IvfPq(distance_type="cosine"))
                    build = time.perf_counter() - start
                    print(f"  lancedb IVF-PQ index built in {build:.1f} s", flush=True)
                    results["lancedb_ivf_pq_build_s"] = build
                    for name, key, nprobes, refine in [
                        ("lancedb IVF-PQ (defaults)", "lancedb_ivf_pq", None, None),
                        (
                            "lancedb IVF-PQ nprobes 50 refine 10",
                            "lancedb_ivf_pq_refined",
                            50,
                            10,
                        ),
                        (
                            "lancedb IVF-PQ nprobes 50 refine 100",
                            "lancedb_ivf_pq_refined_100",
                            50,
                            100,
                        ),
                    ]:
                        got, times = timed(
                            queries, lance_search(tbl, False, nprobes, refine), args.rounds
                        )
                        results[key] = row(name, times, recall(got, truth), numpy_p50, lanes, lanes_fastest)
            except Exception as e:  # report, keep the numpy figures
                print(f"  lancedb failed: {type(e).__name__}: {e}", file=sys.stderr, flush=True)
                results["lancedb_error"] = f"{type(e).__name__}: {e}"
            shutil.rmtree(os.path.join(args.dir, f"lancedb_{n}"), ignore_errors=True)
        with open(os.path.join(args.dir, f"peers_{n}.json"), "w") as f:
            json.dump(results, f, indent=2)
        del x


if __name__ == "__main__":
    main()
