#!/usr/bin/python3
"""The web board in a real browser: Debian's chromium, headless, driven by chromium-driver through
python3-selenium, against a real tiles-serve on a free loopback port (docs/usage.md, "In a browser").

Run by BrowserTests (`make test`) with TILES_SERVE and TILES_BIN naming the binaries. With
TILES_BROWSER_SHOTS set to a folder, it also writes the phone and tablet screenshots of
docs/usage.md there.
"""
import json
import re
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import unittest

from selenium import webdriver
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait

SERVE = os.environ["TILES_SERVE"]
TILES = os.environ["TILES_BIN"]
SHOTS = os.environ.get("TILES_BROWSER_SHOTS")

# A program widget with one toggle: each press appends a line to presses.log, so a test can count
# the runs, and the lamp's state is kept in lamp.json. `tiles reload lamp` asks it again.
LAMP = r'''#!/usr/bin/python3
import json, os, sys
request = json.load(sys.stdin)
folder = os.path.dirname(os.path.abspath(__file__))
state = os.path.join(folder, "lamp.json")
try:
    on = json.load(open(state))["on"]
except (OSError, ValueError, KeyError):
    on = False
if request.get("request") == "action":
    with open(os.path.join(folder, "presses.log"), "a") as log:
        log.write(json.dumps({"action": request["action"], "isOn": request.get("isOn")}) + "\n")
    on = bool(request.get("isOn"))
    json.dump({"on": on}, open(state, "w"))
note = open(os.path.join(folder, "note.txt")).read().strip() if os.path.exists(os.path.join(folder, "note.txt")) else "first note"
view = {"VStack": [{"Toggle": {"action": "lamp", "isOn": on, "label": {"Text": "Desk lamp"}}}, {"Text": note}],
        "alignment": "leading", "frame": {"maxWidth": "infinity", "maxHeight": "infinity", "alignment": "topLeading"}}
print(json.dumps({"entries": [{"view": view}], "policy": "never"}))
'''

CONFIG = '''
[[widget]]
kind = "lamp"
command = ["./lamp.py"]
title = "Lamp"
families = ["small", "medium"]

[[page]]

[[page.tile]]
id = "countdown"
widget = "countdown"
family = "medium"

[[page.tile]]
id = "calendar"
widget = "calendar"
family = "small"

[[page.tile]]
id = "lamp"
widget = "lamp"
family = "medium"

[[page.tile]]
id = "clock"
widget = "clock"
family = "small"
parameters = { seconds = true }

[[page.tile]]
id = "alipay"
widget = "alipay"
family = "medium"
'''


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Board:
    """tiles-serve on a private home, restartable on the same port."""

    def __init__(self):
        self.home = tempfile.mkdtemp(prefix="tiles-browser-")
        # The default config file, which `tiles reload` reads too.
        self.config = os.path.join(self.home, "xdg-config", "tiles")
        os.makedirs(self.config)
        with open(os.path.join(self.config, "lamp.py"), "w") as file:
            file.write(LAMP)
        os.chmod(os.path.join(self.config, "lamp.py"), 0o755)
        with open(os.path.join(self.config, "config.toml"), "w") as file:
            file.write(CONFIG)
        runtime = os.path.join(self.home, "runtime")
        os.makedirs(runtime, mode=0o700)
        self.environment = dict(
            os.environ, HOME=self.home, XDG_CONFIG_HOME=os.path.join(self.home, "xdg-config"),
            XDG_STATE_HOME=os.path.join(self.home, "state"), XDG_CACHE_HOME=os.path.join(self.home, "cache"),
            XDG_DATA_HOME=os.path.join(self.home, "data"), XDG_RUNTIME_DIR=runtime, LANG="C.UTF-8")
        self.port = free_port()
        self.url = "http://127.0.0.1:%d/" % self.port
        self.process = None
        self.log = open(os.path.join(self.home, "serve.log"), "w")

    def start(self):
        self.process = subprocess.Popen(
            [SERVE, "--listen", "127.0.0.1:%d" % self.port],
            env=self.environment, stdout=self.log, stderr=self.log)
        deadline = time.time() + 20
        while time.time() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        raise AssertionError("tiles-serve did not listen: " + self.read_log())

    def stop(self):
        self.process.terminate()
        self.process.wait(10)

    def read_log(self):
        self.log.flush()
        with open(os.path.join(self.home, "serve.log")) as file:
            return file.read()

    def presses(self):
        path = os.path.join(self.config, "presses.log")
        if not os.path.exists(path):
            return []
        with open(path) as file:
            return file.read().splitlines()

    def tiles(self, *arguments):
        return subprocess.run([TILES, *arguments], env=self.environment, check=True, capture_output=True, text=True).stdout

    def reload(self, kind):
        subprocess.run([TILES, "reload", kind], env=self.environment, check=True, capture_output=True)


def browser(width, height, mobile=False):
    options = Options()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=%d,%d" % (width, height), "--lang=en-US"]:
        options.add_argument(argument)
    if mobile:
        options.add_experimental_option("mobileEmulation", {
            "deviceMetrics": {"width": width, "height": height, "pixelRatio": 2.0, "touch": True}})
    return webdriver.Chrome(service=Service(shutil.which("chromedriver") or "/usr/bin/chromedriver"), options=options)


def click(driver, selector):
    """Clicks the element `selector` finds, found again if a new frame of its tile replaced it."""
    for _ in range(20):
        try:
            driver.find_element(By.CSS_SELECTOR, selector).click()
            return
        except StaleElementReferenceException:
            time.sleep(0.1)
    raise AssertionError("%s kept being replaced" % selector)


def long_press(driver, tile, inner=None):
    """Holds the mouse for 0.9 s on the middle of `inner` (a selector within tile `tile`), else of
    the tile: by position, since a new frame of the tile may replace the elements meanwhile."""
    element = driver.find_element(By.ID, "tile-" + tile)
    dx, dy = driver.execute_script("""
        const tile = arguments[0].getBoundingClientRect();
        const inner = arguments[1] ? arguments[0].querySelector(arguments[1]).getBoundingClientRect() : tile;
        return [Math.round(inner.left + inner.width / 2 - (tile.left + tile.width / 2)),
                Math.round(inner.top + inner.height / 2 - (tile.top + tile.height / 2))];
        """, element, inner)
    ActionChains(driver).move_to_element_with_offset(element, dx, dy).click_and_hold().pause(0.9).release().perform()


def wait_for(driver, condition, message, timeout=30):
    try:
        return WebDriverWait(driver, timeout, poll_frequency=0.1).until(lambda _: condition())
    except Exception as error:
        raise AssertionError(message) from error


def tile_text(driver, tile_id):
    return driver.execute_script(
        "const t = document.getElementById('tile-' + arguments[0]); return t ? t.querySelector('.text').textContent : null;", tile_id)


class BrowserTests(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.board = Board()
        cls.board.start()
        cls.driver = browser(1280, 900)

    @classmethod
    def tearDownClass(cls):
        cls.driver.quit()
        cls.board.stop()
        cls.board.log.close()
        shutil.rmtree(cls.board.home, ignore_errors=True)

    def open(self):
        self.driver.get(self.board.url)
        wait_for(self.driver, lambda: tile_text(self.driver, "lamp") and "Desk lamp" in tile_text(self.driver, "lamp"),
                 "the lamp never showed: " + self.board.read_log())

    def test_1_the_page_shows_the_board(self):
        self.open()
        columns = self.driver.execute_script("return document.querySelector('#tile-lamp').style.getPropertyValue('--columns');")
        self.assertEqual(columns, "42")
        self.assertIn("Scan", tile_text(self.driver, "alipay"))
        self.assertIn("Desk lamp", tile_text(self.driver, "lamp"))
        names = [e.get_attribute("aria-label") for e in self.driver.find_elements(By.CSS_SELECTOR, "#tile-alipay .hit[aria-label]")]
        self.assertIn("Scan", " ".join(names))

    def test_2_a_toggle_runs_once_and_shows_its_state(self):
        self.open()
        self.assertIn("[ ]", tile_text(self.driver, "lamp"))
        click(self.driver, "#tile-lamp button.hit[aria-label*='Desk lamp']")
        wait_for(self.driver, lambda: "[✓]" in tile_text(self.driver, "lamp"), "the toggle's new state never showed")
        wait_for(self.driver, lambda: len(self.board.presses()) >= 1, "the press never reached the program")
        time.sleep(1)
        self.assertEqual(self.board.presses(), [json.dumps({"action": "lamp", "isOn": True})])

    def test_3_a_change_reaches_the_page_without_a_reload(self):
        self.open()
        self.driver.execute_script("window.notReloaded = true;")
        with open(os.path.join(self.board.config, "note.txt"), "w") as file:
            file.write("second note")
        self.board.reload("lamp")
        wait_for(self.driver, lambda: "second note" in tile_text(self.driver, "lamp"), "the change never reached the page")
        self.assertTrue(self.driver.execute_script("return window.notReloaded === true;"))
        # The seconds of the clock tick on the page by themselves.
        first = tile_text(self.driver, "clock")
        wait_for(self.driver, lambda: tile_text(self.driver, "clock") != first, "the clock never ticked")

    def test_4_a_narrow_viewport_gets_one_column(self):
        phone = browser(390, 844, mobile=True)
        try:
            phone.get(self.board.url)
            wait_for(phone, lambda: tile_text(phone, "alipay") is not None and tile_text(phone, "lamp") is not None, "no tiles")
            lefts = phone.execute_script(
                "return [...document.querySelectorAll('#page-0 .tile')].map(t => Math.round(t.getBoundingClientRect().left));")
            tops = phone.execute_script(
                "return [...document.querySelectorAll('#page-0 .tile')].map(t => Math.round(t.getBoundingClientRect().top));")
            widths = phone.execute_script(
                "return [...document.querySelectorAll('#page-0 .tile[data-family=medium]')].map(t => Math.round(t.getBoundingClientRect().width));")
            # One tile a row, one above the other; a medium tile as wide as the screen but its margins.
            self.assertEqual(len(set(lefts)), 1, lefts)
            self.assertEqual(tops, sorted(set(tops)), tops)
            self.assertTrue(all(width >= 360 for width in widths), widths)
            # The phone asked for compact grids (a medium is 34 columns, not 42), drawn larger across its width.
            columns = phone.execute_script(
                "return [...document.querySelectorAll('#page-0 .tile[data-family=medium]')].map(t => t.style.getPropertyValue('--columns'));")
            self.assertEqual(set(columns), {"34"}, columns)
            self.assertIn("compact", self.board.read_log())
            # A press names a control of the phone's own drawing.
            before = len(self.board.presses())
            click(phone, "#tile-lamp button.hit[aria-label*='Desk lamp']")
            wait_for(phone, lambda: len(self.board.presses()) == before + 1, "the phone's press never reached the program")
            if SHOTS:
                time.sleep(1)
                phone.save_screenshot(os.path.join(SHOTS, "web-phone.png"))
        finally:
            phone.quit()

    def test_5_the_dark_scheme_follows_the_browser(self):
        self.open()
        self.assertEqual(self.driver.execute_script("return document.documentElement.dataset.scheme;"), "light")
        light = self.driver.execute_script("return document.querySelector('#tile-lamp svg rect').getAttribute('fill');")
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
        wait_for(self.driver, lambda: self.driver.execute_script("return document.documentElement.dataset.scheme;") == "dark",
                 "the page never turned dark")
        wait_for(self.driver, lambda: self.driver.execute_script(
            "return document.querySelector('#tile-lamp svg rect').getAttribute('fill');") != light,
            "the tiles were never drawn dark")
        self.driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "light"}]})

    def test_6_the_page_reconnects_after_a_restart(self):
        self.open()
        self.board.stop()
        offline = self.driver.find_element(By.ID, "offline")
        wait_for(self.driver, lambda: offline.is_displayed() and "offline since" in offline.text, "no 'offline since'")
        with open(os.path.join(self.board.config, "note.txt"), "w") as file:
            file.write("after the restart")
        self.board.start()
        self.board.reload("lamp")
        wait_for(self.driver, lambda: not offline.is_displayed(), "the page never came back", timeout=40)
        wait_for(self.driver, lambda: "after the restart" in tile_text(self.driver, "lamp"), "no new content after the restart")

    def test_7_tablet_standby(self):
        if not SHOTS:
            self.skipTest("screenshots only (TILES_BROWSER_SHOTS)")
        tablet = browser(1180, 820, mobile=True)
        try:
            tablet.get(self.board.url)
            wait_for(tablet, lambda: tablet.execute_script("return document.body.classList.contains('standby');"), "no StandBy")
            time.sleep(1.5)
            tablet.save_screenshot(os.path.join(SHOTS, "web-tablet.png"))
        finally:
            tablet.quit()

    def test_8_a_long_press_opens_the_tiles_settings(self):
        self.open()
        # A long press on a control opens the tile's form (the lamp has none), never the control.
        before = len(self.board.presses())
        long_press(self.driver, "lamp", "button.hit[aria-label*='Desk lamp']")
        notice = self.driver.find_element(By.ID, "notice")
        wait_for(self.driver, lambda: notice.is_displayed() and "nothing to set" in notice.text, "no word that the lamp has nothing to set")
        time.sleep(0.5)
        self.assertEqual(len(self.board.presses()), before)
        # The clock's form: its seconds switch, saved into config.toml.
        long_press(self.driver, "clock")
        dialog = self.driver.find_element(By.ID, "settings")
        wait_for(self.driver, dialog.is_displayed, "the clock's form never opened")
        seconds = dialog.find_element(By.CSS_SELECTOR, "[data-key=seconds] input")
        self.assertTrue(seconds.is_selected())
        if SHOTS:
            time.sleep(0.5)
            self.driver.save_screenshot(os.path.join(SHOTS, "web-settings.png"))
        seconds.click()
        dialog.find_element(By.CSS_SELECTOR, "button.save").click()
        wait_for(self.driver, lambda: not dialog.is_displayed(), "the form never closed")
        config = open(os.path.join(self.board.config, "config.toml")).read()
        self.assertIn("parameters = { seconds = false }", config)
        self.assertIn("id = \"lamp\"", config)
        # The clock no longer shows seconds: its text stops changing within a few seconds.
        wait_for(self.driver, lambda: re.search(r"\d\d:\d\d:\d\d", tile_text(self.driver, "clock") or "") is None,
                 "the clock still shows seconds")

    def test_9_a_live_activity_shows_above_the_tiles(self):
        self.open()
        banner = self.driver.find_element(By.ID, "activities")
        self.assertFalse(banner.is_displayed())
        identifier = self.board.tiles("activity", "start", "--title", "deploy", "--line", "uploading 2/5").strip()
        wait_for(self.driver, lambda: banner.is_displayed() and "deploy" in banner.text, "the activity never showed")
        self.assertIn("uploading", banner.text)
        self.assertEqual(self.driver.execute_script("return document.querySelector('#activities progress').value;"), 0.4)
        # Its timer ticks on the page without a reload.
        first = self.driver.find_element(By.CSS_SELECTOR, "#activities .trailing").text
        wait_for(self.driver, lambda: self.driver.find_element(By.CSS_SELECTOR, "#activities .trailing").text != first,
                 "the activity's timer never ticked")
        self.board.tiles("activity", "end", "--id", identifier, "--status", "1")
        wait_for(self.driver, lambda: "✗" in banner.text, "the failed end never showed")
        self.assertIn("failed", self.driver.find_element(By.CSS_SELECTOR, "#activities .activity").get_attribute("class"))


if __name__ == "__main__":
    result = unittest.main(argv=[sys.argv[0], "-v"], exit=False).result
    sys.exit(0 if result.wasSuccessful() else 1)
