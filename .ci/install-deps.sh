#!/usr/bin/env bash
# Installs what building and testing searchbar needs on a fresh Debian 12 machine with the Swift
# toolchain: ICU, CMake, Ninja, pkg-config, Unicode data (test corpora), what CPack's Debian
# packages need (dpkg-shlibdeps, file), what the GTK and Qt examples and their tests need (GTK 4,
# Qt's libraries, Xvfb, xdotool, ImageMagick for screenshots, fonts for Latin, CJK and emoji,
# IBus with its Hangul engine), PostgreSQL for the PostgreSQL source's tests, and a Python venv with pytest and pycparser. Installs only what is
# missing, so a second run is quick.
set -euo pipefail

packages=(libicu-dev cmake ninja-build pkg-config unicode-data unicode-cldr-core tmux dpkg-dev file)
# fzf: the differential test of `searchbar filter` (Tests/cli) runs the same queries through it.
packages+=(fzf)
# The GTK example (examples/gtk) and its tests: GTK 4, an X server without a screen, xdotool to
# type into the app, ImageMagick for screenshots, fonts, IBus with ibus-hangul for pre-edit.
packages+=(libgtk-4-dev xvfb xauth xdotool imagemagick fonts-dejavu-core fonts-noto-cjk fonts-noto-color-emoji
    dbus-daemon ibus ibus-gtk4 ibus-hangul)
# What a screen reader sees of the GTK example: the AT-SPI bus and its GObject bindings, read
# by the test with the system Python (python3-gi).
packages+=(at-spi2-core gir1.2-atspi-2.0 python3-gi)
# The Qt example (examples/qt) and its tests: the libraries PySide6's Qt and its xcb platform load.
packages+=(libegl1 libgl1 libfontconfig1 libxkbcommon0 libxkbcommon-x11-0 libglib2.0-0 libdbus-1-3 libx11-xcb1
    libxcb-cursor0 libxcb-icccm4 libxcb-image0 libxcb-keysyms1 libxcb-randr0 libxcb-render-util0 libxcb-shape0
    libxcb-xfixes0 libxcb-xkb1 libxcb-sync1 libxcb-shm0)
# searchbar.sources.PostgresSource's tests start a throwaway PostgreSQL cluster (initdb, pg_ctl;
# pg_trgm comes with postgresql-contrib).
packages+=(postgresql postgresql-contrib)
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
