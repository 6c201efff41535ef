"""`python -m bench.explorer [--sizes 19,1000,5000]`: the explorer page's size and load time in headless Chromium.

19 is the bundled corpus as built in outputs/kg.ttl; larger sizes use the synthetic graph of bench.queries (same
shape as a real build). Load time runs from navigation to the page saying it is ready (layout settled, physics
off), median of 3 loads in a fresh headless Chromium; the row also gives the nodes drawn out of the graph's nodes
and the console errors seen. Needs Debian chromium and chromium-driver.
"""

from __future__ import annotations

import argparse
import importlib.util
import statistics
import tempfile
import time
from pathlib import Path

from rdflib import Graph

from kg.explorer import render_explorer
from kg.view import to_networkx

from .queries import synthetic_graph

REPO = Path(__file__).resolve().parents[1]
LOADS = 3


def _browser_helpers():
    """tests/browser.py starts Chromium the way the browser tests do (one definition of the flags)."""
    spec = importlib.util.spec_from_file_location("mlkg_test_browser", REPO / "tests" / "browser.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def graph_of(size: int) -> Graph:
    return Graph().parse(REPO / "outputs" / "kg.ttl") if size == 19 else synthetic_graph(size)


def measure(size: int, browser, folder: Path) -> dict:
    view = to_networkx(graph_of(size))
    started = time.perf_counter()
    html = render_explorer(view)
    render_s = time.perf_counter() - started
    page = folder / f"kg-{size}.html"
    page.write_text(html, encoding="utf-8")
    times, drawn, errors = [], None, []
    for load in range(LOADS):
        driver = browser.chromium(folder / f"profile-{size}-{load}")
        try:
            started = time.perf_counter()
            driver.get(page.as_uri())
            deadline = started + 300
            while not driver.execute_script("return !!(window.mlkg && window.mlkg.ready)"):
                if time.perf_counter() > deadline:
                    raise RuntimeError(f"{size} papers: the page was not ready after 300 s")
                time.sleep(0.05)
            times.append(time.perf_counter() - started)
            drawn = driver.execute_script("return mlkg.nodes.length")
            errors = [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]
        finally:
            driver.quit()
    return {"papers": size, "graph_nodes": view.number_of_nodes(), "nodes_in_page": drawn,
            "html_mb": round(len(html.encode("utf-8")) / 1e6, 2), "render_s": round(render_s, 2),
            "load_s": round(statistics.median(times), 2), "console_errors": len(errors)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", default="19,1000,5000")
    args = parser.parse_args()
    browser = _browser_helpers()
    columns = ("papers", "graph_nodes", "nodes_in_page", "html_mb", "render_s", "load_s", "console_errors")
    print("| " + " | ".join(columns) + " |")
    print("|" + "---|" * len(columns))
    with tempfile.TemporaryDirectory() as tmp:
        for size in (int(s) for s in args.sizes.split(",")):
            row = measure(size, browser, Path(tmp))
            print("| " + " | ".join(str(row[c]) for c in columns) + " |", flush=True)


if __name__ == "__main__":
    main()
