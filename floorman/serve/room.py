"""What the running server holds over the class file: the trainer's token, the forms' secret, each
open class's questions (read once: they never change), the drawn fragments, and the one thread
that runs the rule engine.

The engine (making a class's questions, the API's rulings) runs on a single worker thread, so
it never runs on two threads at once and never on the event loop: a class being made, or a
ruling asked for, does not hold up the trainees' pages. A class still 'preparing' when the
server stopped is made again at the next start, from its stored options and seed.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from floorman.classroom.store import ClassBook
from floorman.serve.pages import Fragments

T = TypeVar("T")
DRAWN_AT_START = 5          # the newest open classes whose questions are drawn before the first request


class Room:
    def __init__(self, book: ClassBook, *, token: str, shared: list[str] | None = None) -> None:
        self.book = book
        self.token = token
        self.shared = shared or []                  # the addresses trainees open (--host 0.0.0.0), if known
        self.secret = book.form_secret()
        self.fragments = Fragments()
        self.made: dict[str, int] = {}              # class code -> questions made so far (while preparing)
        self._questions: dict[str, list[dict[str, Any]]] = {}
        self._floor: Any = None                     # the engine's Floor, made on its thread when first needed
        self._profiles: list[str] | None = None
        self._engine = ThreadPoolExecutor(max_workers=1, thread_name_prefix="floorman-engine")

    # ------------------------------------------------------------------------- the engine's thread
    def _floor_here(self) -> Any:
        if self._floor is None:
            from floorman.engine.floor import Floor

            self._floor = Floor()
        return self._floor

    async def on_engine(self, work: Callable[[Any], T]) -> T:
        """`work(floor)` on the engine's thread, awaited."""
        return await asyncio.wrap_future(self._engine.submit(lambda: work(self._floor_here())))

    def prepare(self, code: str) -> None:
        """Make the class's questions on the engine's thread, then open it."""
        self.made[code] = 0
        self._engine.submit(self._prepare, code)

    def _prepare(self, code: str) -> None:
        from floorman.classroom.lessons import make_questions
        from floorman.errors import FloormanError

        info = self.book.class_info(code)
        if info is None or info.status != "preparing":
            return

        def progress(done: int) -> None:
            self.made[code] = done

        try:
            questions = make_questions(info.options, floor=self._floor_here(), progress=progress)
        except FloormanError as error:
            self.book.fail_class(code, str(error))
        except Exception as error:  # noqa: BLE001 - the class says why it failed; the server goes on
            self.book.fail_class(code, f"internal error: {type(error).__name__}: {error}")
        else:
            self.book.store_questions(code, questions)
        finally:
            self.made.pop(code, None)

    def resume(self) -> None:
        """At start: make again the classes a stopped server left half made, and draw the open
        classes' questions now, so that the first trainees to reach a question do not wait for it."""
        from floorman.serve.pages import compile_all

        compile_all()
        drawn = 0
        for info in self.book.classes():             # newest first
            if info.status == "preparing":
                self.prepare(info.code)
            elif info.status == "open" and drawn < DRAWN_AT_START:
                drawn += 1
                questions = self.questions(info.code)
                for n in range(1, len(questions) + 1):
                    self.fragments.question(info.code, n, questions)

    def profiles(self) -> list[str]:
        from floorman.rulebook.loader import load_rulebook

        if self._profiles is None:
            self._profiles = sorted(load_rulebook(None).profiles)
        return self._profiles

    def shutdown(self) -> None:
        self._engine.shutdown(wait=False, cancel_futures=True)

    # ------------------------------------------------------------------------- the classes
    def questions(self, code: str) -> list[dict[str, Any]]:
        """An open or closed class's questions (read from the file once)."""
        if code not in self._questions:
            questions = self.book.questions(code)
            if not questions:
                return []                  # still preparing: nothing to keep yet
            self._questions[code] = questions
        return self._questions[code]
