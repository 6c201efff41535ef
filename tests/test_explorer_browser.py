"""The explorer in a real (headless) Chromium: offline, safe with hostile text, and its controls work."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest
from rdflib import Graph

from kg.explorer import write_explorer
from kg.view import to_networkx

from browser import chromium, requested_urls, skip_without_chromium

pytestmark = pytest.mark.browser

FIXTURE = Path(__file__).parent / "fixtures" / "small_graph.ttl"
PAPER = "https://w3id.org/mlkg/id/paper/"
PUZZLE_1 = "https://w3id.org/mlkg/id/dataset/puzzle-1"
PUZZLE_2 = "https://w3id.org/mlkg/id/dataset/puzzle-2"


def wait_for(driver, script: str, timeout: float = 10.0):
    """Poll a JS expression until it is truthy."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = driver.execute_script("return " + script)
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {script}")


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    """The fixture's explorer open in Chromium, once stabilised: (driver, view, page URL, folder)."""
    skip_without_chromium()
    folder = tmp_path_factory.mktemp("explorer")
    view = to_networkx(Graph().parse(FIXTURE))
    path = folder / "kg.html"
    write_explorer(view, path)
    driver = chromium(folder / "profile")
    try:
        driver.get(path.as_uri())
        wait_for(driver, "window.mlkg && window.mlkg.ready")
        yield driver, view, path.as_uri(), folder
    finally:
        driver.quit()


def test_loads_offline_without_errors(page):
    driver, _, url, _ = page
    severe = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    assert severe == []
    urls = requested_urls(driver)
    assert url in urls
    assert [u for u in urls if u != url and not u.startswith("data:")] == []


def test_every_node_is_drawn(page):
    driver, view, _, _ = page
    assert driver.execute_script("return mlkg.nodes.length") == view.number_of_nodes()


def test_search_selects_the_node(page):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys

    driver, _, _, _ = page
    box = driver.find_element(By.ID, "search")
    box.clear()
    box.send_keys("Puzzle-2", Keys.ENTER)
    assert driver.execute_script("return mlkg.network.getSelectedNodes()") == [PUZZLE_2]
    assert driver.find_element(By.CSS_SELECTOR, "#details h2").text == "Puzzle-2"


def test_clicking_an_entity_highlights_its_papers(page):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    driver, _, _, _ = page
    driver.execute_script("mlkg.clear(); mlkg.network.fit({animation: false})")
    x, y = driver.execute_script(
        "const p = mlkg.network.canvasToDOM(mlkg.network.getPosition(arguments[0])); return [p.x, p.y]", PUZZLE_1)
    canvas = driver.find_element(By.CSS_SELECTOR, "#graph canvas")
    size = canvas.size
    ActionChains(driver).move_to_element_with_offset(canvas, round(x - size["width"] / 2),
                                                     round(y - size["height"] / 2)).click().perform()
    assert driver.execute_script("return mlkg.network.getSelectedNodes()") == [PUZZLE_1]
    lit = driver.execute_script("return mlkg.highlighted()")
    assert [iri for iri in lit if iri.startswith(PAPER)] == [PAPER + "p1", PAPER + "p3"]
    assert lit == sorted([PUZZLE_1, PAPER + "p1", PAPER + "p3"])


def test_hostile_text_is_shown_not_run(page):
    from selenium.common.exceptions import NoAlertPresentException
    from selenium.webdriver.common.by import By

    driver, _, _, _ = page
    driver.execute_script("mlkg.select(arguments[0], true)", PAPER + "p3")
    with pytest.raises(NoAlertPresentException):
        driver.switch_to.alert.text
    details = driver.find_element(By.ID, "details")
    assert "<script>alert(1)</script>" in details.find_element(By.CSS_SELECTOR, ".abstract").text
    assert details.find_elements(By.CSS_SELECTOR, "script, img") == []


def test_only_web_links_become_anchors(page):
    from selenium.webdriver.common.by import By

    driver, _, _, _ = page
    driver.execute_script("mlkg.select(arguments[0], false)", PAPER + "p1")
    anchors = driver.find_elements(By.CSS_SELECTOR, "#details a")
    assert [(a.get_attribute("href"), a.get_attribute("rel")) for a in anchors] == [
        ("https://github.com/example/grid-reasoner", "noopener noreferrer")]


def test_type_filter_hides_and_restores_without_moving(page):
    from selenium.webdriver.common.by import By

    driver, _, _, _ = page
    driver.execute_script("mlkg.clear()")
    before = driver.execute_script("return mlkg.network.getPositions()")
    toggle = driver.find_element(By.ID, "kind-Paper")
    toggle.click()
    assert driver.execute_script("return mlkg.nodes.get({filter: n => n.hidden}).length") == 3
    toggle.click()
    assert driver.execute_script("return mlkg.nodes.get({filter: n => n.hidden}).length") == 0
    assert driver.execute_script("return mlkg.network.getPositions()") == before


def test_screenshot(page):
    driver, _, _, folder = page
    driver.execute_script("mlkg.select(arguments[0], false); mlkg.network.fit({animation: false})", PUZZLE_1)
    shot = folder / "explorer.png"
    assert driver.save_screenshot(str(shot))
    if os.environ.get("MLKG_SCREENSHOT_DIR"):
        target = Path(os.environ["MLKG_SCREENSHOT_DIR"])
        target.mkdir(parents=True, exist_ok=True)
        shutil.copy(shot, target / shot.name)


def details_marks(driver) -> list[tuple[str, str]]:
    """(text, kind) of every <mark> in the details panel's abstract."""
    return [tuple(pair) for pair in driver.execute_script(
        "return Array.from(document.querySelectorAll('#details .abstract mark')).map(m => [m.textContent, m.dataset.kind])")]


def test_clicking_a_paper_shows_its_highlighted_abstract(page):
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.by import By

    driver, view, _, _ = page
    driver.execute_script("mlkg.clear(); mlkg.network.fit({animation: false})")
    x, y = driver.execute_script(
        "const p = mlkg.network.canvasToDOM(mlkg.network.getPosition(arguments[0])); return [p.x, p.y]", PAPER + "p1")
    canvas = driver.find_element(By.CSS_SELECTOR, "#graph canvas")
    size = canvas.size
    ActionChains(driver).move_to_element_with_offset(canvas, round(x - size["width"] / 2),
                                                     round(y - size["height"] / 2)).click().perform()
    assert driver.execute_script("return mlkg.network.getSelectedNodes()") == [PAPER + "p1"]
    abstract = view.nodes[PAPER + "p1"]["abstract"]
    assert driver.find_element(By.CSS_SELECTOR, "#details .abstract").text == abstract
    (evidence,) = view.edges[PAPER + "p1", PUZZLE_1, "evaluatedOn"]["evidence"]
    assert details_marks(driver) == [(abstract[evidence["start"]:evidence["end"]], "Dataset")] == [("Puzzle-1", "Dataset")]


def test_related_papers_are_listed_and_open(page):
    from selenium.webdriver.common.by import By

    driver, _, _, _ = page
    driver.execute_script("mlkg.select(arguments[0], false)", PAPER + "p1")
    rows = driver.find_elements(By.CSS_SELECTOR, "#details ul.related > li")
    assert [row.find_element(By.CSS_SELECTOR, "button").text for row in rows] == [
        "Puzzle study", "We study <script>alert(1)</script> markup"]
    assert rows[0].find_element(By.CSS_SELECTOR, ".shared").text.startswith("shared: Puzzle-2, accuracy")
    rows[0].find_element(By.CSS_SELECTOR, "button").click()
    assert driver.execute_script("return mlkg.network.getSelectedNodes()") == [PAPER + "p2"]
    assert driver.find_element(By.CSS_SELECTOR, "#details h2").text == "Puzzle study"


@pytest.fixture(scope="module")
def rich_page(tmp_path_factory):
    """The explorer of the richer graph (families, a result, overlapping and non-BMP mentions) in Chromium."""
    from test_view import rich_graph

    skip_without_chromium()
    folder = tmp_path_factory.mktemp("rich")
    view = to_networkx(rich_graph())
    path = folder / "kg.html"
    write_explorer(view, path)
    driver = chromium(folder / "profile")
    try:
        driver.get(path.as_uri())
        wait_for(driver, "window.mlkg && window.mlkg.ready")
        yield driver, view
    finally:
        driver.quit()


def test_marks_follow_the_evidence_offsets(rich_page):
    driver, view = rich_page
    assert [e["level"] for e in driver.get_log("browser") if e["level"] == "SEVERE"] == []
    driver.execute_script("mlkg.select(arguments[0], false)", PAPER + "p1")
    assert details_marks(driver) == [("Grid Reasoner", "Method"), ("Puzzle-1 and Puzzle-2", "Dataset"),
                                     ("Tiny Model", "Method")]
    driver.execute_script("mlkg.select(arguments[0], false)", PAPER + "p4")
    assert details_marks(driver) == [("Puzzle-1", "Dataset")]  # after two characters outside the BMP
    assert driver.execute_script("return document.querySelector('#details .abstract').textContent") == \
        view.nodes[PAPER + "p4"]["abstract"]


def test_hostile_abstract_with_marks_is_inert(rich_page):
    from selenium.common.exceptions import NoAlertPresentException
    from selenium.webdriver.common.by import By

    driver, view = rich_page
    driver.execute_script("mlkg.select(arguments[0], true)", PAPER + "p3")
    with pytest.raises(NoAlertPresentException):
        driver.switch_to.alert.text
    details = driver.find_element(By.ID, "details")
    assert details.find_element(By.CSS_SELECTOR, ".abstract").text == view.nodes[PAPER + "p3"]["abstract"]
    assert details_marks(driver) == [("Puzzle-1", "Dataset")]
    assert details.find_elements(By.CSS_SELECTOR, "script, img") == []


def test_results_table_and_family_links(rich_page):
    from selenium.webdriver.common.by import By

    driver, _ = rich_page
    driver.execute_script("mlkg.select(arguments[0], false)", PAPER + "p1")
    rows = driver.find_elements(By.CSS_SELECTOR, "#details table.results tr")
    assert [[cell.text for cell in row.find_elements(By.CSS_SELECTOR, "th, td")] for row in rows] == [
        ["Entity", "Metric", "Dataset", "Value"], ["Grid Reasoner", "accuracy", "Puzzle-1", "91.5\\%"]]
    driver.execute_script("mlkg.select(arguments[0], false)", PUZZLE_1)
    assert [b.text for b in driver.find_elements(By.CSS_SELECTOR, "#details ul.family button")] == ["Puzzle"]
    assert "https://w3id.org/mlkg/id/dataset/puzzle" in driver.execute_script("return mlkg.highlighted()")
    dashed = driver.execute_script("return mlkg.edges.get({filter: e => e.dashes}).map(e => [e.from, e.to, e.label])")
    assert sorted(map(tuple, dashed)) == [(PUZZLE_1, "https://w3id.org/mlkg/id/dataset/puzzle", "member of"),
                                          (PUZZLE_2, "https://w3id.org/mlkg/id/dataset/puzzle", "member of")]
    assert driver.find_element(By.ID, "stats").text == "4 papers, 8 entities, 11 links, 2 family links"
