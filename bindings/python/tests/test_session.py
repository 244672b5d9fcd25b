"""searchbar.Session: a headless search bar driven from Python."""
import asyncio
import os
import selectors
import tempfile

import pytest

import searchbar
from searchbar import SearchBarError, SearchToken, Session, Suggestion


def manual():
    return Session(manual_clock=True)


def kinds(session):
    return [e.kind for e in session.events()]


def test_typing_sequence_events_and_display():
    s = manual()
    s.placeholder = "Artists, Songs"
    s.shows_bookmark_button = True
    d = s.display()
    assert d.shows_placeholder and d.shows_bookmark_button and not d.shows_clear_button
    assert s.begin_editing()
    s.type("café")
    assert s.text == "café"
    d = s.display()
    assert not d.shows_placeholder and not d.shows_bookmark_button and d.shows_clear_button
    assert d.shows_cancel_button and d.trailing_items[-1].kind == "cancel"
    s.advance_clock(150)
    events = list(s.events())
    assert [e.kind for e in events][:4] == ["did_begin_editing", "will_present", "did_present", "update_search_results"]
    update = [e for e in events if e.kind == "update_search_results"][-1]
    assert update.text == "café"
    # The host answers the newest query; an older one is refused.
    assert not s.deliver_results(1, [9])
    assert s.deliver_results(update.generation, [4, 2])
    assert s.results() == (update.generation, [4, 2])
    ready = s.next_event()
    assert ready.kind == "results_ready" and ready.count == 2
    s.close()
    s.close()


def test_string_indices_map_to_utf8_offsets():
    s = manual()
    s.text = "naïve 水"
    s.replace(2, 3, "i")
    s.delete(5, 7)
    assert s.text == "naive"
    with pytest.raises(IndexError):
        s.insert("x", at=99)


def test_vetoes_and_callbacks():
    s = manual()
    seen = []
    s.set_callbacks(veto=lambda e: not (e.kind == "should_change_text" and e.text == "!"), on_event=seen.append)
    assert s.insert("a")
    assert not s.insert("!")
    assert s.text == "a"
    assert [e.kind for e in seen] == ["text_did_change"]


def test_a_callback_acts_on_the_bar_after_it_returns():
    """UIKit delegate idioms: resign on Search, deactivate on Cancel, set text on a suggestion."""
    s = manual()
    seen = []
    answers = []

    def on_event(event):
        seen.append(event)
        if event.kind == "search_button":
            answers.append(s.end_editing())  # queued: True at once
            answers.append(s.text)  # reading is immediate
        elif event.kind == "cancel_button":
            s.active = False
        elif event.kind == "suggestion_chosen":
            s.text = "Paris, France"
            s.add_token("city")
        elif event.kind == "did_begin_editing" and not answers:
            s.select_scope(7)  # fails when it runs: an error event

    s.set_callbacks(on_event=on_event)
    s.begin_editing()
    errors = [e for e in seen if e.kind == "error"]
    assert len(errors) == 1 and errors[0].generation == 0 and "selectScope" in errors[0].text
    assert errors[0].status != 0
    s.text = "whale"
    seen.clear()
    s.submit()
    assert answers == [True, "whale"]
    assert not s.display().is_editing and s.display().is_active
    kinds = [e.kind for e in seen]
    assert kinds.index("search_button") < kinds.index("update_search_results") < kinds.index("did_end_editing")
    assert [e.kind for e in s.events()][-len(kinds):] == kinds  # the queue sees the same order
    s.begin_editing()
    s.cancel()
    assert not s.display().is_active
    s.set_host_suggestions([Suggestion("Paris, France", completion="Paris")])
    s.text = "par"
    seen.clear()
    s.choose_suggestion(0)
    assert s.text == "Paris, France"
    assert [e.text for e in seen if e.kind == "text_did_change"] == ["Paris", "Paris, France"]
    kinds = [e.kind for e in seen]
    assert kinds.index("suggestion_chosen") < kinds.index("text_did_change") < kinds.index("token_added")
    assert [t.label for t in s.display().tokens] == ["city"]


def test_calls_that_stay_refused_inside_a_callback():
    s = manual()
    errors = []

    def on_event(event):
        if event.kind != "did_begin_editing":
            return
        for call in (lambda: s.set_callbacks(), lambda: s.advance_clock(1)):
            try:
                call()
            except SearchBarError as error:
                errors.append(error.status_name)
        try:
            s.text = "\ud800"  # not encodable: refused at once, nothing queued
        except (SearchBarError, UnicodeError, ValueError) as error:
            errors.append(type(error).__name__)

    s.set_callbacks(on_event=on_event)
    s.begin_editing()
    assert errors[:2] == ["SB_EMISUSE", "SB_EMISUSE"]
    assert len(errors) == 3
    assert s.text == ""


def test_invalid_values_raise():
    s = manual()
    with pytest.raises(ValueError):
        s.style = "shiny"
    with pytest.raises(SearchBarError) as info:
        s.select_scope(3)
    assert info.value.status_name == "SB_EINVAL"
    s.placement = "navigation_bar"
    with pytest.raises(SearchBarError, match="navigation bar"):
        s.scope_titles = ["All", "Mail"]
    with pytest.raises(SearchBarError):
        s.timing = {"delay_ms": 60001}
    with pytest.raises(SearchBarError):
        s.recents_policy = {"limit": 255}


def test_style_and_tint_last_one_wins():
    s = manual()
    s.tint = 0x336699FF
    assert s.tint == 0x336699FF
    s.style = "minimal"
    assert s.tint is None and s.style == "minimal"


def test_every_bar_style_tone_and_their_colors():
    s = manual()
    d = s.display()
    assert (d.style, d.bar_tone, d.translucent, d.background, d.light_content) == ("default", "default", True,
                                                                                   0xFFFFFFFF, False)
    for style in ("prominent", "minimal", "default"):
        s.style = style
        assert s.style == style
    s.bar_tone = "black"
    d = s.display()
    assert (d.bar_tone, d.light_content, d.background) == ("black", True, 0x000000FF)
    s.bar_tone = "black_opaque"
    assert (s.bar_tone, s.translucent) == ("black", False)
    s.bar_tone = "black_translucent"
    assert (s.bar_tone, s.translucent) == ("black", True)
    s.tint = 0x10203080
    s.translucent = False
    assert s.display().background == 0x102030FF
    s.bar_tone = "default"  # a tone clears the tint, like a style
    assert s.tint is None and s.display().background == 0xFFFFFFFF
    with pytest.raises(ValueError):
        s.bar_tone = "grey"


def test_text_input_traits_and_results_title():
    s = manual()
    d = s.display()
    assert (d.keyboard_type, d.autocorrection, d.spell_checking, d.return_key) == ("default", "default", "default",
                                                                                   "search")
    assert d.enables_return_key_automatically and not d.return_key_enabled
    s.keyboard_type = "email_address"
    s.autocorrection = "no"
    s.spell_checking = "yes"
    s.return_key = "done"
    s.text = "a@b"
    d = s.display()
    assert (d.keyboard_type, d.autocorrection, d.spell_checking, d.return_key) == ("email_address", "no", "yes",
                                                                                   "done")
    assert d.return_key_enabled
    s.text = ""
    s.enables_return_key_automatically = False
    assert s.display().return_key_enabled
    with pytest.raises(ValueError):
        s.keyboard_type = "hex"
    assert s.search_results_title is None
    s.search_results_title = "Ergebnisse"
    assert s.search_results_title == "Ergebnisse"
    restored = manual()
    restored.restore(s.snapshot())
    assert restored.search_results_title == "Ergebnisse" and restored.keyboard_type == "email_address"
    s.search_results_title = None
    assert s.search_results_title is None


def test_update_event_says_its_scope_and_tokens():
    s = manual()
    s.scope_titles = ["All", "Mail", "Notes"]
    s.select_scope(2)
    pdf = SearchToken("PDF", kind="attribute", field="kind", value="pdf", host_value=7)
    s.add_token(pdf)
    s.text = "report"
    generation = s.search_now()
    update = [e for e in s.events() if e.kind == "update_search_results"][-1]
    assert (update.generation, update.text, update.index, update.count, update.tokens) == (generation, "report", 2,
                                                                                          1, (pdf,))
    query = s.query(generation)
    assert (query.text, query.scope, query.scope_title, query.tokens) == ("report", 2, "Notes", (pdf,))
    s.select_scope(0)
    assert s.query(generation) is None  # superseded: nothing to search for


def test_submit_only_refinements_after_a_submit_search_again():
    s = manual()
    s.timing = {"trigger": "submit_only"}
    s.scope_titles = ["All", "Mail"]
    s.text = "tea"
    s.select_scope(1)
    assert "update_search_results" not in kinds(s)
    s.submit()
    list(s.events())
    s.select_scope(0)
    s.add_token("green")
    updates = [e for e in s.events() if e.kind == "update_search_results"]
    assert [(e.index, e.count) for e in updates] == [(0, 0), (0, 1)]


def test_completions_keep_the_spelling_and_the_scope():
    index = searchbar.Index(locale="de")
    index.add([
        {"id": 1, "title": "Zürich Hauptbahnhof", "scope": 1},
        {"id": 2, "title": "Zurigo centro", "scope": 2},
        {"id": 3, "title": "Große Straße", "scope": 1},
    ])
    s = Session(index, manual_clock=True)
    s.scope_titles = ["All", "Schweiz", "Italia"]
    s.text = "zur"
    assert sorted(x.completion for x in s.suggestions() if x.source == "completion") == ["Zurigo", "Zürich"]
    s.select_scope(2)
    assert [x.completion for x in s.suggestions() if x.source == "completion"] == ["Zurigo"]
    s.select_scope(1)
    s.text = "weg str"
    offered = [x for x in s.suggestions() if x.source == "completion"]
    assert [x.title for x in offered] == ["Straße"]
    s.choose_suggestion(s.suggestions().index(offered[0]))
    assert s.text == "weg Straße"


def test_descriptor_with_selectors():
    s = manual()
    selector = selectors.DefaultSelector()
    selector.register(s.fileno(), selectors.EVENT_READ)
    assert selector.select(0) == []
    s.tap_bookmark_button()
    assert len(selector.select(0)) == 1
    assert kinds(s) == ["bookmark_button"]
    assert selector.select(0) == []


def test_async_iteration_over_the_descriptor():
    index = searchbar.Index()
    index.add([(1, "Blue whale"), (2, "Blue jay"), (3, "Red fox")])
    s = Session(index)
    s.timing = {"delay_ms": 0}

    async def run():
        s.type("blue")
        async for event in s.aevents():
            if event.kind == "results_ready" and event.generation == s.display().generation:
                return event

    event = asyncio.run(asyncio.wait_for(run(), 10))
    assert event.count == 2
    assert sorted(s.results()[1]) == [1, 2]


def test_tokens_suggestions_and_recents(tmp_path):
    s = Session(manual_clock=True, recents_directory=str(tmp_path))
    s.set_recents_name("py")
    for text in ["Crème brûlée", "creme brulee", "tea"]:
        s.text = text
        s.submit()
    assert s.recents == ["tea", "creme brulee"]
    s.text = "CREME"
    assert [x.source for x in s.suggestions()] == ["recent"]
    pdf = SearchToken("PDF", kind="attribute", field="kind", value="pdf", host_value=7)
    s.set_host_suggestions([Suggestion("Kind: PDF", action="add_token", token=pdf)])
    index = [x.title for x in s.suggestions()].index("Kind: PDF")
    s.choose_suggestion(index)
    assert s.display().tokens == [pdf]
    assert s.text == ""
    # Recents survive a restart.
    again = Session(manual_clock=True, recents_directory=str(tmp_path))
    again.set_recents_name("py")
    assert again.recents[-1] == "creme brulee"


def test_corrupt_recents_file_is_kept_aside(tmp_path):
    (tmp_path / "bad.json").write_text("{not json")
    s = Session(manual_clock=True, recents_directory=str(tmp_path))
    with pytest.raises(SearchBarError) as info:
        s.set_recents_name("bad")
    assert info.value.status_name == "SB_ECORRUPT"
    assert (tmp_path / "bad.json.corrupt-1").exists()
    assert s.recents == []


def test_restore_naming_an_unreadable_recents_file_warns_and_restores(tmp_path):
    a = Session(manual_clock=True, recents_directory=str(tmp_path))
    a.set_recents_name("named")
    a.text = "restored"
    snapshot = a.snapshot()
    (tmp_path / "named.json").write_text("{not json")
    b = Session(manual_clock=True, recents_directory=str(tmp_path))
    with pytest.warns(searchbar.RecentsResetWarning, match="named.json.corrupt-1"):
        b.restore(snapshot)
    assert b.text == "restored"
    assert (tmp_path / "named.json.corrupt-1").read_text() == "{not json"
    with pytest.raises(SearchBarError) as info:
        b.restore(snapshot[:-1])
    assert info.value.status_name == "SB_ECORRUPT"


def test_snapshot_round_trip():
    a = manual()
    a.scope_titles = ["All", "Docs"]
    a.selected_scope = 1
    a.text = "snap"
    a.add_token(SearchToken("x", host_value=3))
    b = manual()
    b.restore(a.snapshot())
    da, db = a.display(), b.display()
    assert (db.text, db.tokens, db.scope_titles, db.selected_scope) == ("snap", [SearchToken("x", value="x", host_value=3)], ["All", "Docs"], 1)
    assert (da.text, da.tokens, da.scope_titles, da.selected_scope) == (db.text, db.tokens, db.scope_titles, db.selected_scope)
    assert b.snapshot() == a.snapshot()
    with pytest.raises(SearchBarError):
        b.restore("{")


def test_timing_policy_submit_only():
    s = manual()
    s.timing = {"trigger": "submit_only"}
    s.type("abc")
    s.advance_clock(1000)
    assert "update_search_results" not in kinds(s)
    s.submit()
    assert kinds(s) == ["search_button", "recents_did_change", "update_search_results"]
