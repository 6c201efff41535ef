"""`python -m bench [--sizes 19,1000,5000,20000] [--workers N]`: the scale table of the README.

Each size runs in a fresh process; the extraction ratio compares our pipeline with a bare `nlp.pipe` of the same
model over the same texts in that same process. End-to-end time and peak RSS are those of `kg build --no-cache`
over the same abstracts, run as its own process from this one.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

COLUMNS = (
    ("papers", "papers"), ("workers", "workers"), ("extraction_s", "extract s"), ("bare_spacy_s", "bare spaCy s"),
    ("ratio", "ratio"), ("abstracts_per_s", "abstracts/s"), ("words_per_s", "words/s"), ("end_to_end_s", "end-to-end s"),
    ("peak_rss_mb", "peak RSS MB"), ("turtle_s", "Turtle s"), ("html_s", "HTML s"), ("max_query_ms", "slowest query ms"),
)


def build_run(corpus: Path, out: Path, workers: int) -> tuple[float, int]:
    """Wall seconds and peak RSS (MB) of `kg build --no-cache` over `corpus`, from start-up and model load to the
    last output file. It is started from this small process on purpose: a child's peak RSS counts what the
    process that started it held when it did (Linux keeps that high-water mark across exec), so started from the
    measuring process it reported that one's 3.5 GB at 20,000 papers."""
    command = [sys.executable, "-c", "from kg.cli import main; main()", "build", str(corpus), "--out", str(out),
               "--workers", str(workers), "--no-cache", "--quiet"]
    with tempfile.TemporaryFile("w+", encoding="utf-8") as errors:
        start = time.perf_counter()
        proc = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=errors)
        # wait4: this child's usage, not every child's; its ru_maxrss is the largest of the build's processes
        # (with --workers N, one worker's or the main one's), not their sum
        _, status, usage = os.wait4(proc.pid, 0)
        seconds = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            errors.seek(0)
            raise SystemExit(f"kg build failed: {errors.read()[-2000:]}")
    return round(seconds, 2), round(usage.ru_maxrss / 1024)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="19,1000,5000,20000")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    rows = []
    for size in (int(s) for s in args.sizes.split(",")):
        with tempfile.TemporaryDirectory() as tmp:
            corpus = Path(tmp) / "papers.jsonl"
            proc = subprocess.run(
                [sys.executable, "-m", "bench.scale", "--papers", str(size), "--workers", str(args.workers),
                 "--write-corpus", str(corpus)],
                capture_output=True, text=True, check=False,
            )
            if proc.returncode != 0:
                print(f"size {size}: failed\n{proc.stderr[-2000:]}", file=sys.stderr)
                continue
            row = json.loads(proc.stdout.strip().splitlines()[-1])
            if "query_ms" in row:
                row["max_query_ms"] = max(row["query_ms"].values()) if row["query_ms"] else None
            if corpus.exists():
                row["end_to_end_s"], row["peak_rss_mb"] = build_run(corpus, Path(tmp) / "out", args.workers)
        rows.append(row)
        print(json.dumps(row), file=sys.stderr)
    print("| " + " | ".join(title for _, title in COLUMNS) + " |")
    print("|" + "---|" * len(COLUMNS))
    for row in rows:
        if "skipped" in row:
            print(f"| {row['papers']} | skipped: {row['skipped']} |")
            continue
        print("| " + " | ".join(str(row.get(key, "")) for key, _ in COLUMNS) + " |")


if __name__ == "__main__":
    main()
