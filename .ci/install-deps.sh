#!/usr/bin/env bash
# Installs what building and testing searchbar needs on a fresh Debian 12 machine with the Swift
# toolchain: ICU, CMake, Ninja, pkg-config, Unicode data (test corpora), what CPack's Debian
# packages need (dpkg-shlibdeps, file), what the GTK example and its tests need (GTK 4, Xvfb,
# xdotool, ImageMagick for screenshots, fonts for Latin, CJK and emoji, IBus with its Hangul
# engine) and a Python venv with pytest and pycparser. Installs only what is missing, so a
# second run is quick.
set -euo pipefail

packages=(libicu-dev cmake ninja-build pkg-config unicode-data unicode-cldr-core tmux dpkg-dev file
          libgtk-4-dev xvfb xauth xdotool imagemagick fonts-dejavu-core fonts-noto-cjk fonts-noto-color-emoji
          dbus-daemon ibus ibus-gtk4 ibus-hangul)
missing=()
for p in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
    echo "searchbar: installing ${missing[*]}" >&2
    sudo_cmd=()
    [ "$(id -u)" = 0 ] || sudo_cmd=(sudo)
    "${sudo_cmd[@]}" apt-get update -qq
    DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
fi
