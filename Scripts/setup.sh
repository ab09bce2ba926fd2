#!/usr/bin/env bash
# Installs what axdiff needs to build and test on Debian: libgit2, OpenSSL, libdeflate, zlib,
# jemalloc, libxml2 (the uiautomator reader) and pkg-config to build; git, Chromium, man-db and zsh (the install
# script's man page and completions), strace and iproute2 (the recorder's network test), patchelf (the release archive),
# librsvg2-bin (rendering the wireframes)
# and the Python clients (sarif-tools, junitparser, jsonschema, markdown-it-py,
# playwright for the web example, check-jsonschema for the CI files,
# axe-playwright-python for the review site's axe test) to
# test. Safe to run again: installs only what is missing.
set -euo pipefail
need=""
for pkg in libgit2-dev libssl-dev libdeflate-dev zlib1g-dev libjemalloc-dev libxml2-dev pkg-config git chromium libxml2-utils man-db zsh strace iproute2 patchelf librsvg2-bin; do
  dpkg -s "$pkg" >/dev/null 2>&1 || need="$need $pkg"
done
if [ -n "$need" ]; then
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $need >/dev/null
fi
python3 -m pip install -q --disable-pip-version-check sarif-tools junitparser jsonschema markdown-it-py playwright pyyaml check-jsonschema axe-playwright-python
