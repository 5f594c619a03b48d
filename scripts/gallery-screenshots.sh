#!/usr/bin/env bash
# Regenerates the gallery screenshots in docs/images/ with the tool itself (offscreen, software renderer).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build --product tenfoot >/dev/null
mkdir -p docs/images/scenes
shot() {  # shot NAME [screenshot options]: scenes/NAME.json → docs/images/scenes/NAME.png
  local name=$1; shift
  .build/debug/tenfoot screenshot "scenes/$name.json" --size 960x540 --out "docs/images/scenes/$name.png" "$@"
}
for f in scenes/*.json; do
  name=$(basename "$f" .json)
  # Scenes whose idea shows only after some presses (each scene's note names the state pictured).
  case "$name" in
    tab-bar-shelves) shot "$name" --from m3 --moves "menu" ;;      # Menu from the fourth shelf
    shelf-see-all) shot "$name" --from r5 --moves "right right" ;;  # the shelf scrolled, clipped by its bounds
    top-charts) shot "$name" --from c2 ;;                       # the second poster focused, the numerals beside
    partly-covered) shot "$name" --from details --moves "right" ;;  # Harbour focused, under the banner
    sheet-grid) shot "$name" --from browse --moves "select right" ;;  # the sheet presented
    any-script-rtl) shot "$name" --from r1 --moves "left*4" ;;      # the shelf scrolled leftwards
    mark-as-watched) shot "$name" --from watch --moves "select" ;;  # the button disabled itself
    delete-focused-row) shot "$name" --from ep3 --moves "longselect" ;;  # Episode 3 deleted
    infinite-shelf) shot "$name" --from more0 --moves "right*9" ;;  # a page inserted, focus kept
    reload-keeps-focus) shot "$name" --from a3 --moves "playpause" ;;  # the top shelf reloaded
    parallax-gallery) shot "$name" --moves "touch 1 -0.8" ;;      # Summit turned: finger right and up
    search) shot "$name" --moves "right*13 select right select" ;;  # "no" typed with the remote, results filtered
    search-suggestions) shot "$name" --moves "right*13 select right select down down" ;;  # "no" typed, a suggestion focused
    *) shot "$name" ;;
  esac
done
# The designer exercise's show page again with a card of its extras lifted.
.build/debug/tenfoot screenshot scenes/show-page.json --from x2 --size 960x540 --out docs/images/scenes/show-page-extras.png
# Large Text: each twin again at Accessibility XXXL with a poster of its shelf focused; the SwiftUI twins at both sizes.
for name in large-text-adaptive large-text-fixed; do
  .build/debug/tenfoot screenshot "scenes/$name.json" --text-size accessibility5 --from m2 --size 960x540 --out "docs/images/scenes/$name-ax5.png"
done
for name in adaptive fixed; do
  view=LargeText${name^}
  .build/debug/tenfoot screenshot "scenes/swiftui/$view.swift" --size 960x540 --out "docs/images/swiftui/large-text-$name.png"
  .build/debug/tenfoot screenshot "scenes/swiftui/$view.swift" --text-size accessibility5 --size 960x540 --out "docs/images/swiftui/large-text-$name-ax5.png"
done
# Every presentation style: the settings alert and (light) action sheet over the blurred screen, a picker's
# list of options, the form and full-screen sheets.
.build/debug/tenfoot screenshot scenes/settings.json --from signOut --moves "select" --out docs/images/scenes/settings-alert.png
.build/debug/tenfoot screenshot scenes/settings.json --from reset --moves "select" --appearance light --out docs/images/scenes/settings-action-sheet-light.png
.build/debug/tenfoot screenshot scenes/settings.json --from subtitleLanguage --moves "select" --out docs/images/scenes/settings-picker-list.png
.build/debug/tenfoot screenshot scenes/settings.json --appearance light --out docs/images/scenes/settings-light.png
.build/debug/tenfoot screenshot scenes/sheet-sizes.json --moves "right select" --out docs/images/scenes/sheet-sizes-form.png
.build/debug/tenfoot screenshot scenes/sheet-sizes.json --moves "right right select" --out docs/images/scenes/sheet-sizes-full.png
# The full-screen keyboard of the sign-in form's e-mail field, and the search with nothing matching.
.build/debug/tenfoot screenshot scenes/login-form.json --from email --moves "select right right" --size 960x540 --out docs/images/scenes/login-form-keyboard.png
.build/debug/tenfoot screenshot scenes/search.json --moves 'type "zz"' --size 960x540 --out docs/images/scenes/search-empty.png
# The right-to-left tab bar, focused: its first tab on the right.
.build/debug/tenfoot screenshot scenes/any-script-rtl.json --size 960x540 --out docs/images/scenes/any-script-rtl-tabs.png
# Paging by reloadData: focus back on the first visible poster.
.build/debug/tenfoot screenshot scenes/infinite-shelf.json --from r2 --moves "right" --size 960x540 --out docs/images/scenes/infinite-shelf-reload.png
# The tab bar's other state: focus in the content, the bar slid away.
.build/debug/tenfoot screenshot scenes/tab-bar-shelves.json --from d3 --moves "down" --size 960x540 --out docs/images/scenes/tab-bar-shelves-content.png
.build/debug/tenfoot screenshot home --out docs/images/home.png --size 1280x720
.build/debug/tenfoot screenshot scenes/focus-guide-dashboard.json --moves right --debug --size 1280x720 --out docs/images/debug-overlay.png
.build/debug/tenfoot map scenes/focus-section-1-2-ab.json --viewport --size 1280x720 --out docs/images/map.png
# The whole home page: every shelf's full row and the shelves below the screen, one pixel a point.
.build/debug/tenfoot map home --out docs/images/map-home.png
# Where tvOS and Android TV's FocusFinder disagree on the recipe grid.
.build/debug/tenfoot diff scenes/recipe-grid-categories.json --policies tvos,android --out docs/images/policy-diff.png >/dev/null
echo "screenshots written to docs/images/"
