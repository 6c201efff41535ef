"""Headless Debian Chromium for the browser tests: isolated profile, no background traffic, full logs.

The performance log is what lets a test prove the page makes no network request.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMEDRIVER = Path("/usr/bin/chromedriver")


def skip_without_chromium() -> None:
    """Skip where Chromium is not installed, saying how to get it; fail instead under MLKG_REQUIRE_BROWSER=1 (CI)."""
    missing = [str(path) for path in (CHROMIUM, CHROMEDRIVER) if not path.exists()]
    if missing:
        reason = f"{' and '.join(missing)} missing: apt-get install -y chromium chromium-driver"
        if os.environ.get("MLKG_REQUIRE_BROWSER") == "1":
            pytest.fail(reason + " (MLKG_REQUIRE_BROWSER=1)")
        pytest.skip(reason)


def chromium(profile: Path, width: int = 1400, height: int = 900):
    """A headless Chromium driver with browser and performance logging."""
    pytest.importorskip("selenium")
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync", f"--user-data-dir={profile}",
                 f"--window-size={width},{height}"):
        options.add_argument(flag)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    return webdriver.Chrome(options=options, service=Service(str(CHROMEDRIVER)))


def requested_urls(driver) -> list[str]:
    """Every URL requested so far (Network.requestWillBeSent in the performance log), except those of the
    browser's own start tab (documents under chrome:// and chrome-untrusted://)."""
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message["method"] != "Network.requestWillBeSent":
            continue
        params = message["params"]
        if not params.get("documentURL", "").startswith(("chrome://", "chrome-untrusted://")):
            urls.append(params["request"]["url"])
    return urls
