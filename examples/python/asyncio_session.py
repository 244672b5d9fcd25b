#!/usr/bin/env python3
"""An asyncio host: the event loop waits on the session's file descriptor (no polling, no
threads of its own) while a simulated user types; results arrive as events.

    python3 examples/python/asyncio_session.py
"""
import asyncio
import tempfile

import searchbar


async def user(session):
    """Types 'mun' with human pauses, then submits."""
    session.begin_editing()
    for key in "mun":
        session.insert(key)
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.3)
    session.submit()


async def main():
    index = searchbar.Index(locale="de")
    index.add([(1, "München Hauptbahnhof"), (2, "Münster"), (3, "Mannheim"), (4, "Munich Airport")])
    session = searchbar.Session(index, recents_directory=tempfile.mkdtemp())
    session.timing = {"delay_ms": 100}
    typing = asyncio.create_task(user(session))
    queries = {}
    async for event in session.aevents():  # wakes on the descriptor, see Session.fileno()
        if event.kind == "update_search_results":
            queries[event.generation] = event.text
        elif event.kind == "results_ready":
            _, hits = session.hits()
            print(f"results for {queries.get(event.generation, '')!r} (generation {event.generation}):",
                  ", ".join(hit.title for hit in hits) or "none")
        elif event.kind == "superseded":
            print(f"generation {event.generation} superseded")
        elif event.kind == "search_button":
            print(f"submitted {event.text!r}")
        if typing.done() and event.kind == "results_ready" and session.recents:
            break
    await typing
    print("recent searches:", session.recents)
    session.close()
    index.close()


if __name__ == "__main__":
    asyncio.run(main())
