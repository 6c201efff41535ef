"""The HTML explorer: one self-contained, offline page built from the NetworkX view.

pyvis builds the nodes, edges and vis-network options, but the page comes from our own template
(kg/templates/explorer.html): pyvis's stock template pulls bootstrap and tom-select from CDNs even when told to
inline its resources (pyvis #228/#229). vis-network's JS and CSS are copied from the installed pyvis package.

Safety: every string from the data reaches the page only inside one `<script type="application/json">` block,
with `<`, `>`, `&`, U+2028 and U+2029 escaped, and the page's script puts it into the DOM with `textContent`.
The same view always gives the same bytes (no timestamps, no pyvis-generated ids).
"""

from __future__ import annotations

import json
import math
import os
import re
from collections import defaultdict
from importlib import resources
from itertools import combinations

import networkx as nx
from pyvis.network import Network

from extract.facts import RELATIONS

from .atomic import atomic_write_text
from .view import KINDS, MEMBER_OF, PAPER, entity_ranking, papers, papers_of, related_index, related_papers

#: Colour and vis-network shape per node kind (the legend draws the same pair).
STYLE: dict[str, tuple[str, str]] = {
    "Paper": ("#4e79a7", "square"),
    "Method": ("#f28e2b", "dot"),
    "Dataset": ("#59a14f", "diamond"),
    "Model": ("#e15759", "triangle"),
    "Metric": ("#b07aa1", "star"),
    "Task": ("#c9a227", "hexagon"),
}
#: Related papers listed in a paper's panel.
RELATED = 5
#: Above this many nodes the browser cannot lay the graph out in reasonable time: positions come from Python.
LARGE = 1000
#: In a large graph, the most-used entities that are laid out by force and shown by default; the rest are
#: placed next to their papers and hidden until asked for.
SKELETON = 300
_VIS_LIB = "templates/lib/vis-9.1.2/"
_JSON_ESCAPES = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}


class _NodeIds(list):
    """pyvis tests `id in node_ids` (a list) on every add_node and add_edge, quadratic for 20k papers: this
    list answers `in` from a set."""

    def __init__(self) -> None:
        super().__init__()
        self._members: set = set()

    def append(self, item) -> None:
        super().append(item)
        self._members.add(item)

    def __contains__(self, item) -> bool:
        return item in self._members


def _size(attrs: dict) -> float:
    """Entities grow with the square root of their paper count; papers keep one size."""
    if attrs["kind"] == PAPER:
        return 12.0
    return round(min(40.0, 8.0 + 5.0 * math.sqrt(attrs["papers"])), 1)


def _spread(index: int, radius: float) -> tuple[float, float]:
    """A deterministic offset on a sunflower spiral, so nodes placed at the same point do not stack."""
    step = index % 64 + 1
    angle = index * 2.399963
    return radius * math.sqrt(step / 64) * math.cos(angle), radius * math.sqrt(step / 64) * math.sin(angle)


def _mean(points: list[tuple[float, float]]) -> tuple[float, float]:
    return sum(p[0] for p in points) / len(points), sum(p[1] for p in points) / len(points)


def _layout(view: nx.MultiDiGraph) -> dict[str, tuple[float, float]]:
    """Positions for a large graph, in vis-network pixels.

    networkx's spring layout is quadratic in memory without scipy, so only the SKELETON most-used entities are
    laid out by force (linked by how many papers they share, fixed seed, bounded iterations); each paper goes
    near the middle of its skeleton entities and every other entity near the middle of its papers.
    """
    skeleton = entity_ranking(view)[:SKELETON]
    core = set(skeleton)
    shared = nx.Graph()
    shared.add_nodes_from(skeleton)
    for paper in papers(view):
        for a, b in combinations(sorted(core.intersection(view.successors(paper))), 2):
            weight = shared.get_edge_data(a, b, {"weight": 0})["weight"]
            shared.add_edge(a, b, weight=weight + 1)
    scale = 60.0 * math.sqrt(view.number_of_nodes())
    position = {node: (float(x) * scale, float(y) * scale)
                for node, (x, y) in nx.spring_layout(shared, seed=7, iterations=50).items()}
    jitter = scale / 12
    for index, paper in enumerate(papers(view)):
        anchors = [position[e] for e in sorted(view.successors(paper)) if e in core]
        x, y = _mean(anchors) if anchors else (1.3 * scale * math.cos(index * 0.01), 1.3 * scale * math.sin(index * 0.01))
        dx, dy = _spread(index, jitter)
        position[paper] = (x + dx, y + dy)
    for index, entity in enumerate(entity_ranking(view)[SKELETON:]):
        x, y = _mean([position[p] for p in papers_of(view, entity)] or [(0.0, 0.0)])
        dx, dy = _spread(index, jitter / 2)
        position[entity] = (x + dx, y + dy)
    return {node: (round(x, 1), round(y, 1)) for node, (x, y) in position.items()}


def _marks(view: nx.MultiDiGraph, paper: str) -> list[list]:
    """The entity mentions to highlight in a paper's abstract: [start, end, kind, entity], in text order.

    Offsets count code points (the page slices `Array.from(abstract)`, not UTF-16 units). Spans outside the
    abstract are dropped; overlaps are settled the same way every time: longest first, then earliest, then IRI.
    """
    size = len(view.nodes[paper]["abstract"])
    spans = {(ev["start"], ev["end"], entity)
             for _, entity, relation, evidence in view.out_edges(paper, keys=True, data="evidence")
             if relation != MEMBER_OF for ev in evidence
             if isinstance(ev.get("start"), int) and isinstance(ev.get("end"), int) and 0 <= ev["start"] < ev["end"] <= size}
    taken: list[tuple[int, int, str]] = []
    for start, end, entity in sorted(spans, key=lambda span: (span[0] - span[1], span[0], span[2])):
        if all(end <= s or start >= e for s, e, _ in taken):
            taken.append((start, end, entity))
    return [[start, end, view.nodes[entity]["kind"], entity] for start, end, entity in sorted(taken)]


def _info(view: nx.MultiDiGraph, node: str, attrs: dict, index: dict) -> dict:
    """The node's data for tooltips and the details panel (kept apart from vis-network's own keys)."""
    if attrs["kind"] != PAPER:
        return {key: attrs[key] for key in ("aliases", "papers")}
    info = {key: attrs[key] for key in ("aliases", "title", "abstract", "url", "identifier", "code", "project")}
    info["marks"] = _marks(view, node)
    info["related"] = [{"id": other, "score": round(score, 3), "shared": shared}
                       for other, score, shared in related_papers(view, node, RELATED, index)]
    info["results"] = [{key: result[key] for key in ("entity", "metric", "dataset", "value")}
                       for result in view.graph.get("results", {}).get(node, [])]
    return info


def _sentence_mark(evidence: dict) -> list[int]:
    """The mention's [start, end] inside its sentence (code points), or [] when the offsets do not fit it."""
    start, end = evidence.get("start"), evidence.get("end")
    base = evidence.get("sentenceStart")
    if not all(isinstance(value, int) for value in (start, end, base)):
        return []
    start, end = start - base, end - base
    return [start, end] if 0 <= start < end <= len(evidence["sentence"]) else []


def _merged_edges(view: nx.MultiDiGraph) -> list[tuple[str, str, list[str], list[dict]]]:
    """One drawn edge per paper-entity pair: (paper, entity, relations in RELATIONS order, evidence)."""
    pairs: dict[tuple[str, str], dict[str, list[dict]]] = defaultdict(dict)
    for paper, entity, relation, evidence in view.edges(keys=True, data="evidence"):
        if relation != MEMBER_OF:
            pairs[(paper, entity)][relation] = evidence
    merged = []
    for (paper, entity), by_relation in sorted(pairs.items()):
        relations = [r for r in RELATIONS if r in by_relation]
        evidence = [{"relation": r, "sentence": e["sentence"], "rule": e["rule"], "confidence": e["confidence"],
                     "mark": _sentence_mark(e), **({"inTitle": True} if "inTitle" in e else {})}
                    for r in relations for e in by_relation[r]]
        merged.append((paper, entity, relations, evidence))
    return merged


def build_network(view: nx.MultiDiGraph) -> Network:
    """The pyvis network of the view: styled nodes, merged edges and the vis-network options."""
    large = view.number_of_nodes() > LARGE
    positions = _layout(view) if large else {}
    shown = set(entity_ranking(view)[:SKELETON]) if large else None
    index = related_index(view)
    net = Network(directed=True)
    net.node_ids = _NodeIds()
    for node, attrs in view.nodes(data=True):
        colour, shape = STYLE[attrs["kind"]]
        extra = {"x": positions[node][0], "y": positions[node][1]} if large else {}
        rare = shown is not None and attrs["kind"] != PAPER and node not in shown
        net.add_node(node, label=attrs["label"], shape=shape, color=colour, size=_size(attrs), kind=attrs["kind"],
                     rare=rare, info=_info(view, node, attrs, index), **extra)
    for number, (paper, entity, relations, evidence) in enumerate(_merged_edges(view)):
        net.add_edge(paper, entity, id=f"e{number}", label=", ".join(relations), relations=relations, evidence=evidence)
    families = sorted((member, group) for member, group, key in view.edges(keys=True) if key == MEMBER_OF)
    for number, (member, group) in enumerate(families):
        net.add_edge(member, group, id=f"f{number}", label="member of", relations=["member of"], evidence=[],
                     family=True, dashes=True)

    options = net.options
    if large:
        net.toggle_physics(False)
        options.edges.smooth.enabled = False
        options.interaction.hideEdgesOnDrag = True
    else:
        net.barnes_hut(gravity=-6000, central_gravity=0.3, spring_length=140, spring_strength=0.04, damping=0.3,
                       overlap=0.2)
        net.set_edge_smooth("continuous")
        options.physics.stabilization.iterations = 200
        options.physics.stabilization.updateInterval = 25
        options.layout = {"randomSeed": 7, "improvedLayout": True}
    options.edges.color.inherit = False
    options.edges.color.color = "#b0b0b0"
    options.edges.color.highlight = "#404040"
    options.edges.arrows = {"to": {"enabled": True, "scaleFactor": 0.5}}
    options.edges.font = {"size": 10, "color": "#777777", "strokeWidth": 3, "align": "middle"}
    options.nodes = {"borderWidth": 1, "font": {"size": 14, "face": "sans-serif", "strokeWidth": 3,
                                                 "strokeColor": "#ffffff"}}
    options.interaction.hover = True
    options.interaction.tooltipDelay = 150
    return net


def _json_for_script(value: object) -> str:
    """JSON that cannot end its `<script>` block or break a JS parser, whatever strings it holds."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    return re.sub("[<>&\u2028\u2029]", lambda m: _JSON_ESCAPES[m.group()], text)


def _resource(package: str, name: str) -> str:
    return resources.files(package).joinpath(name).read_text(encoding="utf-8")


def render_explorer(view: nx.MultiDiGraph) -> str:
    """The explorer page for `view`: vis-network inlined, the graph as JSON data, no outside requests."""
    net = build_network(view)
    kinds = [{"name": kind, "color": STYLE[kind][0], "shape": STYLE[kind][1],
              "count": sum(1 for _, k in view.nodes(data="kind") if k == kind)} for kind in KINDS]
    data = {"nodes": net.nodes, "edges": net.edges, "options": json.loads(net.options.to_json()),
            "kinds": kinds, "relations": list(RELATIONS)}
    parts = {
        "vis_css": _resource("pyvis", _VIS_LIB + "vis-network.css"),
        "vis_js": _resource("pyvis", _VIS_LIB + "vis-network.min.js"),
        "data": _json_for_script(data),
    }
    template = _resource("kg", "templates/explorer.html")
    return re.sub(r"\{\{ (\w+) \}\}", lambda m: parts[m.group(1)], template)


def write_explorer(view: nx.MultiDiGraph, path: str | os.PathLike[str]) -> None:
    """Write the explorer page atomically."""
    atomic_write_text(path, render_explorer(view))
