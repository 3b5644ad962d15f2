"""The pages: Jinja2 templates shipped in the package (floorman/serve/templates), autoescaped, so
that a name typed by a trainee is shown as text, never run as markup.

A question's table and choices are the same for every trainee: they are drawn once per class
and question and kept (`Fragments`); a question page is then the frame around them.
"""

from __future__ import annotations

from typing import Any

from jinja2 import Environment, PackageLoader
from markupsafe import Markup

from floorman.classroom.checks import ClassOptions
from floorman.classroom.results import expected_answer
from floorman.serve.drawing import table_drawing


def describe(options: ClassOptions) -> str:
    """A class's options in a few words: '20 questions · raises, chips · hard · seed 42'."""
    if options.set:
        return f"the {options.set} set" + (f", first {options.count} questions" if options.count else "")
    parts = [f"{options.count} questions", ", ".join(options.topics) or "all topics"]
    parts += [p for p in (options.difficulty, options.profile and f"{options.profile} rules") if p]
    return " · ".join(parts + [f"seed {options.seed}"])


environment = Environment(loader=PackageLoader("floorman.serve", "templates"), autoescape=True,
                          trim_blocks=True, lstrip_blocks=True, auto_reload=False)
environment.globals.update(describe=describe, expected=expected_answer)


def compile_all() -> None:
    """Compile every template once, before the first request needs one."""
    for name in environment.list_templates(extensions=["html"]):
        environment.get_template(name)


def render(template: str, **context: Any) -> str:
    return environment.get_template(template).render(**context)


class Fragments:
    """Each question's picture, prompt and choices, rendered once."""

    def __init__(self) -> None:
        self._made: dict[tuple[str, int], tuple[Markup, Markup]] = {}

    def question(self, code: str, n: int, questions: list[dict[str, Any]]) -> tuple[Markup, Markup]:
        key = (code, n)
        if key not in self._made:
            q = questions[n - 1]
            body = render("_question.html", q=q, n=n, total=len(questions), drawing=table_drawing(q["table"]))
            self._made[key] = Markup(body), Markup(render("_choices.html", q=q))
        return self._made[key]
