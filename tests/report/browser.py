"""A headless system Chromium driven by selenium, for the report tests (skips, with the reason, without one)."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

CHROMIUM_FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--window-size=1300,1600",
)


def _find(env: str, *names: str) -> str | None:
    if os.environ.get(env):
        return os.environ[env]
    for name in names:
        found = shutil.which(name)
        if found:
            return found
    return None


def start_chromium():
    """A fresh headless Chromium (its own profile folder); pytest.skip with the reason when none is installed."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        pytest.skip("selenium is not installed (it is in the dev extra: pip install -e '.[dev]')")
    binary = _find("FAITHKIT_CHROMIUM", "chromium", "chromium-browser", "google-chrome")
    driver_path = _find("FAITHKIT_CHROMEDRIVER", "chromedriver")
    if binary is None or driver_path is None:
        pytest.skip("no chromium / chromedriver on this machine (Debian: apt-get install -y chromium chromium-driver)")
    options = webdriver.ChromeOptions()
    options.binary_location = binary
    for flag in CHROMIUM_FLAGS:
        options.add_argument(flag)
    profile = tempfile.mkdtemp(prefix="faithkit-chromium-")
    options.add_argument(f"--user-data-dir={profile}")
    driver = webdriver.Chrome(service=Service(driver_path), options=options)
    driver.faithkit_profile = Path(profile)
    return driver


def stop_chromium(driver) -> None:
    driver.quit()
    shutil.rmtree(driver.faithkit_profile, ignore_errors=True)
