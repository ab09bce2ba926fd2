#!/usr/bin/env python3
"""Saves each page's Playwright ARIA snapshot as Snapshots/web/<SCREEN>.aria.yml.

    python3 aria_snapshots.py [--out DIR] [--browser PATH] [--wait-for SELECTOR] SCREEN=URL...

Every SCREEN=URL pair is loaded in headless Chromium, and what
`page.locator("body").aria_snapshot()` returns is written to DIR/SCREEN.aria.yml
(DIR: Snapshots/web), atomically. A page that does not load, or whose snapshot
is empty, is an error naming it (exit 1) and leaves its old snapshot in place.

Needs `pip install playwright` and a Chromium: Playwright's own
(`python3 -m playwright install chromium`) or the system's (`--browser
/usr/bin/chromium`, or the CHROMIUM environment variable).
"""
import argparse
import os
import re
import sys
import tempfile

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

SCREEN = re.compile(r"^[A-Za-z0-9_-][A-Za-z0-9._-]*$")


def parse_pairs(pairs):
    out = []
    for pair in pairs:
        screen, sep, url = pair.partition("=")
        if not sep or not url or not SCREEN.match(screen):
            raise SystemExit(f"aria_snapshots.py: expected SCREEN=URL with SCREEN made of letters, digits, '.', '_' or '-': {pair!r}")
        out.append((screen, url))
    return out


def write_atomically(path, text):
    directory = os.path.dirname(path) or "."
    fd, tmp = tempfile.mkstemp(prefix=".aria-", dir=directory)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text if text.endswith("\n") else text + "\n")
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        os.unlink(tmp)
        raise


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="Snapshots/web", help="folder for the .aria.yml files (default: Snapshots/web)")
    parser.add_argument("--browser", default=os.environ.get("CHROMIUM"), help="a Chromium executable (default: Playwright's)")
    parser.add_argument("--wait-for", help="a selector that must be visible before the snapshot is taken")
    parser.add_argument("--timeout", type=float, default=30, help="seconds a page may take to load (default: 30)")
    parser.add_argument("pages", nargs="+", metavar="SCREEN=URL")
    args = parser.parse_args(argv)
    pages = parse_pairs(args.pages)
    os.makedirs(args.out, exist_ok=True)
    failed = 0
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=args.browser) if args.browser else p.chromium.launch()
        try:
            for screen, url in pages:
                page = browser.new_page()
                try:
                    page.goto(url, wait_until="load", timeout=args.timeout * 1000)
                    if args.wait_for:
                        page.wait_for_selector(args.wait_for, state="visible", timeout=args.timeout * 1000)
                    snapshot = page.locator("body").aria_snapshot()
                    if not snapshot.strip():
                        raise PlaywrightError("the page exposes nothing to the accessibility tree")
                    path = os.path.join(args.out, screen + ".aria.yml")
                    write_atomically(path, snapshot)
                    print(path)
                except PlaywrightError as e:
                    failed += 1
                    first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
                    print(f"aria_snapshots.py: {screen} ({url}): {first}", file=sys.stderr)
                finally:
                    page.close()
        finally:
            browser.close()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
