"""`python -m bench [--sizes 19,1000,5000,20000] [--workers N]`: the scale table of the README.

Each size runs in a fresh process; the extraction ratio compares our pipeline with a bare `nlp.pipe` of the same
model over the same texts in that same process. End-to-end time and peak RSS are those of `kg build --no-cache`
over the same abstracts, run as its own process.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

COLUMNS = (
    ("papers", "papers"), ("workers", "workers"), ("extraction_s", "extract s"), ("bare_spacy_s", "bare spaCy s"),
    ("ratio", "ratio"), ("abstracts_per_s", "abstracts/s"), ("words_per_s", "words/s"), ("end_to_end_s", "end-to-end s"),
    ("peak_rss_mb", "peak RSS MB"), ("turtle_s", "Turtle s"), ("html_s", "HTML s"), ("max_query_ms", "slowest query ms"),
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="19,1000,5000,20000")
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args()
    rows = []
    for size in (int(s) for s in args.sizes.split(",")):
        proc = subprocess.run(
            [sys.executable, "-m", "bench.scale", "--papers", str(size), "--workers", str(args.workers)],
            capture_output=True, text=True, check=False,
        )
        if proc.returncode != 0:
            print(f"size {size}: failed\n{proc.stderr[-2000:]}", file=sys.stderr)
            continue
        row = json.loads(proc.stdout.strip().splitlines()[-1])
        if "query_ms" in row:
            row["max_query_ms"] = max(row["query_ms"].values()) if row["query_ms"] else None
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
