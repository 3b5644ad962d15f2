"""What a trainee or trainer may type, checked: the class code, a name, an answer, a class's options.

Every check returns the cleaned value or raises BadInput naming the field and what was
expected; nothing unchecked reaches the class file. The rules are narrow on purpose: a name is
what a dealer would write on a name tag, not markup.
"""

from __future__ import annotations

import re
import secrets
import unicodedata
from dataclasses import asdict, dataclass
from typing import Any

from floorman.errors import FloormanError

# no I, O, 0 or 1: a code read off a projector is never misread
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 5
NAME_MAX = 40
MAX_DIGITS = 15            # a number answer is chips: below 2**53
MAX_QUESTIONS = 100        # a class's questions are made when it is created: a few seconds per ten
_NAME_PUNCTUATION = " .'-’"
_SEPARATORS = re.compile(r"[\s\-]+")


class BadInput(FloormanError):
    """A form field a trainee or trainer filled in cannot be used: the field says which."""


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def class_code(text: Any) -> str:
    """The class code as typed (any case, spaces or a dash allowed), upper-cased."""
    code = _SEPARATORS.sub("", str(text or "")).upper()
    if len(code) != CODE_LENGTH or any(c not in CODE_ALPHABET for c in code):
        raise BadInput("this is not a class code", field="code",
                       expected=f"the {CODE_LENGTH} letters and digits the trainer shows, e.g. K7XQ2")
    return code


def trainee_name(text: Any) -> str:
    """A name tag: letters (any script), digits, spaces and . ' - ; at most NAME_MAX characters."""
    name = " ".join(unicodedata.normalize("NFC", str(text or "")).split())
    if not name:
        raise BadInput("a trainee needs a name", field="name", expected="a name such as Ann")
    if len(name) > NAME_MAX:
        raise BadInput(f"this name is {len(name):,} characters long", field="name",
                       expected=f"at most {NAME_MAX} characters")
    if not name[0].isalnum() or any(not (c.isalnum() or unicodedata.category(c).startswith("M")
                                         or c in _NAME_PUNCTUATION) for c in name):
        raise BadInput("a name holds letters, digits, spaces and . ' - only", field="name",
                       expected="a name such as Ann, Jean-Luc or O'Brien")
    return name


def name_key(name: str) -> str:
    """Two names that are the same trainee (Ann, ANN) share a key."""
    return unicodedata.normalize("NFKC", name).casefold()


def answer(question: dict[str, Any], text: Any) -> str:
    """The answer as recorded: one of the question's letters, or a number's digits."""
    raw = str(text or "").strip().lower()
    if question["kind"] == "choice":
        letters = "abcdefgh"[:len(question["choices"])]
        if len(raw) == 1 and raw in letters:
            return raw
        raise BadInput("this is not one of the choices", field="answer",
                       expected=f"one of {', '.join(letters)}")
    digits = raw.replace(",", "").replace("$", "").replace(" ", "")
    if digits.isascii() and digits.isdigit() and len(digits) <= MAX_DIGITS:
        return str(int(digits))
    raise BadInput("this is not an amount", field="answer",
                   expected=f"the {question['number']['label']} in chips, e.g. 125 (at most {MAX_DIGITS} digits)")


@dataclass(frozen=True)
class ClassOptions:
    """What the trainer asked for: generated questions (topics, count, difficulty, profile, seed)
    or a bundled set (its first `count` questions, or all of it)."""

    count: int | None = None
    topics: tuple[str, ...] = ()
    difficulty: str | None = None
    profile: str | None = None
    seed: int = 0
    set: str | None = None
    title: str = ""

    def to_json(self) -> dict[str, Any]:
        return {**asdict(self), "topics": list(self.topics)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "ClassOptions":
        known = {k: v for k, v in data.items() if k in cls.__dataclass_fields__}
        return cls(**{**known, "topics": tuple(known.get("topics") or ())})


def class_options(form: dict[str, Any], *, topics: Any, difficulties: Any, sets: Any, profiles: Any) -> ClassOptions:
    """The class form, checked: `form` maps each field to its text (topics to a list)."""
    set_name = (form.get("set") or "").strip() or None
    if set_name is not None and set_name not in sets:
        raise BadInput("unknown question set", field="set", expected=", ".join(sets))
    count_text = str(form.get("count") or "").strip()
    count: int | None = None
    if count_text or set_name is None:
        if not count_text.isascii() or not count_text.isdigit() or not 1 <= int(count_text) <= MAX_QUESTIONS:
            raise BadInput("the number of questions is a whole number", field="count",
                           expected=f"1 to {MAX_QUESTIONS}")
        count = int(count_text)
    chosen = tuple(dict.fromkeys(str(t) for t in form.get("topics") or ()))
    unknown = [t for t in chosen if t not in topics]
    if unknown:
        raise BadInput("unknown topic", field="topics", expected="topics from the list")
    difficulty = (form.get("difficulty") or "").strip() or None
    if difficulty is not None and difficulty not in difficulties:
        raise BadInput("unknown difficulty", field="difficulty", expected=", ".join(difficulties))
    profile = (form.get("profile") or "").strip() or None
    if profile is not None and profile not in profiles:
        raise BadInput("unknown profile", field="profile", expected="a profile from the list")
    seed_text = str(form.get("seed") or "").strip()
    if seed_text:
        if not seed_text.isascii() or not seed_text.isdigit() or len(seed_text) > 9:
            raise BadInput("a seed is a whole number", field="seed", expected="0 to 999999999, or empty for a new one")
        seed = int(seed_text)
    else:
        seed = secrets.randbelow(1_000_000)
    title = " ".join(str(form.get("title") or "").split())
    if len(title) > 80 or any(unicodedata.category(c).startswith("C") for c in title):
        raise BadInput("a class title is one line of at most 80 characters", field="title")
    return ClassOptions(count=count, topics=chosen, difficulty=difficulty, profile=profile, seed=seed,
                        set=set_name, title=title)
