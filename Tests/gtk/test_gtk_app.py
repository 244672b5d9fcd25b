"""The GTK example used as a person uses it: a window on an X server, typed into with xdotool,
clicked, and checked through what it draws (--dump-rows reads the rows and bold ranges back
from the labels' Pango attributes) and a screenshot."""
from conftest import ROOT


def zurich_shown(state):
    """The field holds "zur" and a Zürich row is among the rows on screen."""
    return state["text"] == "zur" and any(row["title"] == "Zürich" for row in state["rows"])


def zurich_row(state):
    return next(row for row in state["rows"] if row["title"] == "Zürich")


def test_typing_zur_shows_zurich_with_the_match_in_bold(gtk_app):
    gtk_app.type("zur")
    state = gtk_app.wait(zurich_shown, what="Zürich on screen after typing zur")
    # The first row is Zürich, drawn with "Zür" in bold (the query folds ü to u): among equal
    # hits the sample data ranks the name most locales use first (Zürich in eight, Zurich in four).
    zurich = state["rows"][0]
    assert zurich["title"] == "Zürich", state["rows"][:5]
    assert zurich["title_bold_text"] == ["Zür"] and zurich["title_bold"] == [[0, 3]], zurich
    assert all(row["title"].lower().startswith(("zur", "zür", "zúr")) for row in state["rows"][:5]), state["rows"][:5]
    # Every row shown matched: each has a bold range in its title or subtitle.
    assert all(row["title_bold"] or row["subtitle_bold"] for row in state["rows"]), state["rows"][:5]
    # The session holds exactly what the field shows: every keystroke went through as an edit.
    assert state["session_text"] == "zur" and state["resyncs"] == 0
    assert state["status"].startswith(str(state["total"])) and state["status"].endswith("results") and state["total_rows"] >= len(state["rows"]) >= 5
    assert state["clear_button"] and state["cancel_button"] and not state["bookmark_button"]
    gtk_app.screenshot("typed-zur")


def test_scope_click_and_keys_change_the_rows_and_escape_clears(gtk_app):
    gtk_app.type("zur")
    before = gtk_app.wait(zurich_shown, what="Zürich on screen after typing zur")
    scopes = [scope["title"] for scope in before["scopes"]]
    assert scopes[0] == "All" and "Time zones" in scopes and before["scopes"][0]["selected"]

    # A click on "Characters": the rows change to Unicode characters named "Zur…".
    chosen = scopes.index("Characters")
    button = before["scopes"][chosen]
    gtk_app.click(button["x"], button["y"])
    after_click = gtk_app.wait(
        lambda s: s["scopes"][chosen]["selected"] and s["rows"] and s["rows"] != before["rows"],
        what="the Characters scope selected and new rows")
    assert all("Zürich" not in row["title"] and "Zur" in row["title"] for row in after_click["rows"]), after_click["rows"]
    assert after_click["focus"] == "entry", "a scope click leaves the focus in the field"
    gtk_app.screenshot("scope-characters")

    # The keyboard: Ctrl+Page Down from the field selects the next scope.
    gtk_app.key("ctrl+Page_Down")
    following = chosen + 1
    after_key = gtk_app.wait(lambda s: s["scopes"][following]["selected"] and s["rows"] != after_click["rows"],
                             what=f"the {scopes[following]} scope selected by Ctrl+Page_Down")
    assert after_key["text"] == "zur"

    # Escape closes the suggestions first, then clears the field: the results of "zur" go (an
    # empty field in a scope other than All lists that scope's items, none matched, none bold).
    if after_key["popover"]:
        gtk_app.key("Escape")
        gtk_app.wait(lambda s: not s["popover"] and s["text"] == "zur", what="the suggestions closed by Escape")
    gtk_app.key("Escape")
    cleared = gtk_app.wait(
        lambda s: s["text"] == "" and s["session_text"] == "" and s["generation"] > after_key["generation"]
        and not any(row["title_bold"] or row["subtitle_bold"] for row in s["rows"]),
        what="an empty field and no matched rows after Escape")
    assert not cleared["clear_button"] and cleared["bookmark_button"] and cleared["resyncs"] == 0
    # The empty field offers recents and suggestions; Escape hides them, and again cancels.
    assert cleared["popover"] and "Zürich" in cleared["suggestions"]
    gtk_app.key("Escape")
    gtk_app.wait(lambda s: not s["popover"], what="the suggestions hidden by a second Escape")
    # The bookmark icon in the empty field brings the recent searches and suggestions back.
    hidden = gtk_app.state
    assert hidden["bookmark_button"]
    gtk_app.click(hidden["icon"]["x"], hidden["icon"]["y"])
    gtk_app.wait(lambda s: s["popover"] and s["focus"] == "entry", what="the suggestions shown by the bookmark icon")
    gtk_app.key("Escape")
    gtk_app.wait(lambda s: not s["popover"], what="the suggestions hidden again")
    gtk_app.key("Escape")
    gtk_app.wait(lambda s: s["status"] == "Search cancelled" and not s["rows"], what="the search cancelled by a third Escape")


def test_keyboard_only_reaches_and_chooses_a_result(gtk_app):
    gtk_app.type("zur")
    state = gtk_app.wait(zurich_shown, what="Zürich on screen after typing zur")
    if state["popover"]:  # Down would walk the suggestions first
        gtk_app.key("Escape")
        gtk_app.wait(lambda s: not s["popover"], what="the suggestions closed by Escape")
    gtk_app.key("Down")  # from the field into the results
    gtk_app.wait(lambda s: s["focus"] == "results", what="the focus in the results list")
    gtk_app.key("Return")
    chosen = gtk_app.wait(lambda s: s["status"].startswith("Chose "), what="the result chosen with Return")
    assert chosen["status"] == f"Chose {state['rows'][0]['title']}" and chosen["focus"] == "results"


def test_suggestions_in_the_popover_are_chosen_with_the_keyboard(gtk_app):
    # Before typing, the field offers the host's suggestions (and recent searches).
    state = gtk_app.wait(lambda s: s["popover"] and s["suggestions"], what="the suggestions popover")
    assert state["suggestions"][0] == "Zürich" and state["suggestion_selected"] == -1
    gtk_app.key("Down")
    gtk_app.wait(lambda s: s["suggestion_selected"] == 0 and s["focus"] == "entry", what="the first suggestion selected")
    gtk_app.key("Return")
    state = gtk_app.wait(lambda s: s["text"] == "Zürich" and any(row["title"] == "Zürich" for row in s["rows"]),
                         what="Zürich chosen and searched")
    assert state["session_text"] == "Zürich" and not state["popover"]
    assert next(row for row in state["rows"] if row["title"] == "Zürich")["title_bold_text"] == ["Zürich"]
    assert state["resyncs"] == 0


def test_hangul_composed_through_ibus_is_searched_as_typed(start_app, ibus_hangul):
    """Korean typed as a person does, through IBus and ibus-hangul (2-set layout): the syllable
    being composed (GTK's pre-edit) is searched at once, and replaced, not doubled, when the
    input method commits it."""
    app = start_app(ibus_hangul)
    app.key("shift+space")  # ibus-hangul starts in Latin mode: Shift+Space switches to Hangul
    app.type("gks")  # ㅎ ㅏ ㄴ: 한, still being composed
    state = app.wait(lambda s: s["preedit"] == "한" and s["rows"], what="rows for the pre-edit 한")
    assert state["text"] == "" and state["session_text"] == "한"
    app.type("rnrdj")  # ㄱ ㅜ ㄱ commits 한 and composes 국, ㅇ ㅓ commits 국 and composes 어
    state = app.wait(lambda s: s["preedit"] == "어" and s["rows"] and s["rows"][0]["title"] == "한국어",
                     what="한국어 found while 어 is composed")
    assert state["text"] == "한국" and state["session_text"] == "한국어"
    assert state["rows"][0]["title_bold_text"] == ["한국어"], state["rows"][0]
    app.screenshot("hangul-preedit")
    app.key("space")  # commits 어, then the space
    state = app.wait(lambda s: s["preedit"] == "" and s["text"] == "한국어 ", what="the composition committed")
    state = app.wait(lambda s: s["rows"] and s["rows"][0]["title"] == "한국어", what="한국어 after the commit")
    assert state["session_text"] == "한국어 " and state["resyncs"] == 0
    app.key("BackSpace", "BackSpace")  # the session deletes one character each
    state = app.wait(lambda s: s["text"] == "한국", what="two characters deleted")
    assert state["session_text"] == "한국" and state["resyncs"] == 0


def test_the_readme_command_opens_the_app(start_app):
    """The README's command, `bash examples/gtk.sh --dump-rows rows.json` (which builds what is
    missing, here nothing), on the test's display: typing zur gives Zürich first, Zür in bold."""
    app = start_app(command=["bash", str(ROOT / "examples" / "gtk.sh")])
    app.type("zur")
    state = app.wait(lambda s: s["text"] == "zur" and s["rows"] and s["rows"][0]["title"] == "Zürich",
                     what="Zürich as the first row after typing zur")
    assert state["rows"][0]["title_bold_text"] == ["Zür"], state["rows"][0]


def node(tree, role, name=None):
    return next((n for n in tree if n["role"] == role and (name is None or n["name"] == name)), None)


def test_a_screen_reader_hears_the_field_the_results_and_their_count(start_app, accessibility_bus):
    """Read over AT-SPI as Orca reads it: the search field and the lists are named, the scope
    bar's buttons say what they search, and the result count reaches the focused field, the
    status and the list when results arrive; each result row reads as "title, subtitle"."""
    app = start_app(env=accessibility_bus)
    tree = app.wait_accessible(lambda t: node(t, "entry", "Search") and node(t, "list", "Search results"),
                               what="the named field and results list")
    scopes = [n["name"] for n in tree if n["role"] == "push button" and n["description"].startswith("Search ")]
    assert scopes[:3] == ["All", "Characters", "Emoji"] and "Time zones" in scopes, scopes
    assert node(tree, "panel", "Search scope"), "the scope bar is named"

    app.type("zur")
    count = app.wait(zurich_shown, what="Zürich on screen after typing zur")["status"]
    assert count.endswith("results"), count

    def announced(t):
        field, results, status = node(t, "entry", "Search"), node(t, "list", "Search results"), node(t, "status bar")
        return field and field["description"] == count and results and results["description"] == count \
            and status and status["name"] == count

    tree = app.wait_accessible(announced, what=f"{count!r} on the field, the status and the list")
    rows = tree[tree.index(node(tree, "list", "Search results")) + 1:]
    first = next(n for n in rows if n["role"] == "panel" and n["name"])
    assert first["name"].startswith("Zürich, ") and "Europe/Zurich" in first["name"], first
