"""A quiz a trainer can hand out: the questions as JSON (each with its structured situation, the
table as plain data, the choices with the mistake behind each wrong one, the marked answer with
its rule and citation), or a printable sheet (Markdown or HTML) with the table drawn and an
answer key.

`question_json` is the one description of a question outside the terminal: the export writes it
and a web page can render it (`table`, `choices`, `feedback`) without floorman's rich code.
`situation_of` rebuilds the situation a question was ruled on, to rule it again.
"""

from __future__ import annotations

import html
import json
import os
import secrets
from pathlib import Path
from typing import Any

from floorman.errors import FloormanError

FORMAT = "floorman-quiz"
VERSION = 1
SUFFIXES = (".json", ".md", ".html")
LETTERS = "abcdefgh"


# ----------------------------------------------------------------------------- a question as data
def situation_json(situation: Any) -> dict[str, Any]:
    """The situation as plain data: the table, the events, the incidents (the last in dispute),
    the profile and the room's options."""
    return {"profile": situation.profile, "options": dict(situation.options),
            "table": situation.table.model_dump(mode="json", exclude_defaults=True),
            "events": [_plain(e) for e in situation.events], "incidents": [_plain(i) for i in situation.incidents]}


def _plain(item: Any) -> dict[str, Any]:
    data = item.model_dump(mode="json", exclude_defaults=True)
    data.pop("type", None)
    return {"type": item.type, **data}


def situation_of(data: dict[str, Any]) -> Any:
    """The Situation `situation_json` wrote (each part checked as scenario data is)."""
    from floorman.engine.facts import Situation
    from floorman.model.events import parse_event
    from floorman.model.incidents import parse_incident
    from floorman.model.table import Table

    return Situation(Table.from_data(data["table"]), [parse_event(e, index=i) for i, e in enumerate(data["events"])],
                     [parse_incident(i) for i in data["incidents"]], data["profile"], dict(data["options"]))


def question_json(question: Any) -> dict[str, Any]:
    from floorman.ruling import citation_json
    from floorman.training.generator import mistake_feedback
    from floorman.training.picture import picture
    from floorman.training.question import answer_of
    from floorman.training.validate import case_of

    ruling = question.ruling
    case = case_of(question)
    right = answer_of(ruling)
    out: dict[str, Any] = {
        "id": question.id, "topic": question.topic, "difficulty": question.difficulty, "source": question.source,
        "template": question.template, "follows": question.follows, "prompt": question.prompt,
        "kind": question.kind, "table": picture(question.state).to_dict(),
        "answer": {"text": question.expected, "decision": right.decision, "number": right.amount,
                   "rule": ruling.rule_id, "title": ruling.title, "citation": ruling.quote,
                   "citations": [citation_json(c) for c in ruling.citations], "explanation": ruling.explanation,
                   "steps": list(ruling.steps), "params": _params(ruling.params)},
        "situation": situation_json(question.situation),
    }
    if question.kind == "number":
        out["number"] = {"label": question.number_label, "param": question.number_param,
                         "answer": question.number_answer,
                         "traps": [{"value": value, "mistake": name, "feedback": mistake_feedback(question, name, case)}
                                   for value, name in sorted(question.traps.items())]}
    else:
        out["choices"] = [{"letter": LETTERS[i], "text": c.text, "correct": c.correct, "mistake": c.mistake,
                           "feedback": mistake_feedback(question, c.mistake, case) if c.mistake else None}
                          for i, c in enumerate(question.choices)]
    return out


def _params(params: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in params.items() if isinstance(v, (bool, int, str))}


def quiz_json(questions: list[Any], *, seed: int | None, options: dict[str, Any]) -> dict[str, Any]:
    return {"format": FORMAT, "version": VERSION, "seed": seed, "options": options,
            "questions": [question_json(q) for q in questions]}


# ----------------------------------------------------------------------------- printable sheets
def _seat_rows(table: dict[str, Any]) -> list[list[str]]:
    rows = []
    for seat in table["seats"]:
        marks = " ".join(m for m in ("BTN" if seat["button"] else "", seat["blind"], "to act" if seat["to_act"] else "")
                         if m)
        rows.append([str(seat["number"]) + (f" {seat['name']}" if seat["name"] else ""), f"{seat['stack']:,}",
                     f"{seat['bet']:,}" if seat["bet"] else "", seat["status"] if seat["status"] != "in" else "",
                     " ".join(seat["upcards"]), marks])
    return rows


_HEAD = ["seat", "stack", "bet", "", "cards up", ""]


def _middle(table: dict[str, Any]) -> str:
    parts = [table["street"]]
    if table["board"]:
        parts.append("board " + " ".join(table["board"]))
    pots = table["pots"]
    if len(pots) > 1:
        parts.append("pots " + ", ".join(f"{p:,}" for p in pots))
    elif pots:
        parts.append(f"pot {pots[0]:,}")
    if table["to_act"] is not None:
        parts.append(f"seat {table['to_act']} to act, {table['to_call']:,} to call")
    return "; ".join(parts)


def _answer_line(q: dict[str, Any]) -> str:
    answer = q["answer"]
    if q["kind"] == "number":
        shown = f"{q['number']['answer']:,}"
    else:
        shown = next(f"{c['letter']}) {c['text']}" for c in q["choices"] if c["correct"])
    return f"{shown} ({answer['rule']}; {answer['citation']})"


def _mistake_lines(q: dict[str, Any]) -> list[str]:
    """Each wrong choice (or number trap) with its mistake: the id and what the trainee is told."""
    def said(feedback: str) -> str:
        return feedback.splitlines()[0].removeprefix("That is a common mistake: ")

    if q["kind"] == "number":
        return [f"{t['value']:,} ({t['mistake']}): {said(t['feedback'])}" for t in q["number"]["traps"]]
    return [f"{c['letter']}) ({c['mistake']}): {said(c['feedback'])}" for c in q["choices"] if not c["correct"]]


def markdown(doc: dict[str, Any]) -> str:
    lines = [f"# Floor rulings quiz (seed {doc['seed']})", ""]
    for n, q in enumerate(doc["questions"], 1):
        table = q["table"]
        lines += [f"## Question {n} · {q['topic']} · {q['difficulty']}", "", table["game"], "",
                  "| " + " | ".join(_HEAD) + " |", "|" + "---|" * len(_HEAD)]
        lines += ["| " + " | ".join(cell.replace("|", "/") for cell in row) + " |" for row in _seat_rows(table)]
        lines += ["", _middle(table), "", q["prompt"], ""]
        if q["kind"] == "number":
            lines += [f"Answer ({q['number']['label']}): ______", ""]
        else:
            lines += [f"{c['letter']}) {c['text']}  " for c in q["choices"]] + [""]
    lines += ["---", "", "## Answer key", ""]
    for n, q in enumerate(doc["questions"], 1):
        lines.append(f"{n}. {_answer_line(q)}")
        lines += [f"   - wrong {line}" for line in _mistake_lines(q)]
    return "\n".join(lines) + "\n"


_CSS = ("body{font-family:sans-serif;max-width:48em;margin:2em auto}section{page-break-inside:avoid;margin-bottom:"
        "2em}table{border-collapse:collapse}td,th{border:1px solid #999;padding:.2em .6em;text-align:right}"
        "td:first-child{text-align:left}.key{page-break-before:always}")


def page(doc: dict[str, Any]) -> str:
    e = html.escape
    out = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
           f"<title>Floor rulings quiz (seed {e(str(doc['seed']))})</title><style>{_CSS}</style></head><body>",
           f"<h1>Floor rulings quiz (seed {e(str(doc['seed']))})</h1>"]
    for n, q in enumerate(doc["questions"], 1):
        table = q["table"]
        out.append(f"<section><h2>Question {n} · {e(q['topic'])} · {e(q['difficulty'])}</h2>")
        out.append(f"<p>{e(table['game'])}</p><table><tr>" + "".join(f"<th>{e(h)}</th>" for h in _HEAD) + "</tr>")
        out += ["<tr>" + "".join(f"<td>{e(cell)}</td>" for cell in row) + "</tr>" for row in _seat_rows(table)]
        out.append(f"</table><p>{e(_middle(table))}</p><p><strong>{e(q['prompt'])}</strong></p>")
        if q["kind"] == "number":
            out.append(f"<p>Answer ({e(q['number']['label'])}): ______</p>")
        else:
            out.append("<ol type=\"a\">" + "".join(f"<li>{e(c['text'])}</li>" for c in q["choices"]) + "</ol>")
        out.append("</section>")
    out.append('<section class="key"><h2>Answer key</h2><ol>')
    for q in doc["questions"]:
        wrong = "".join(f"<li>wrong {e(line)}</li>" for line in _mistake_lines(q))
        out.append(f"<li>{e(_answer_line(q))}<ul>{wrong}</ul></li>")
    out.append("</ol></section></body></html>")
    return "\n".join(out) + "\n"


# ----------------------------------------------------------------------------- writing the file
def render(doc: dict[str, Any], suffix: str) -> str:
    if suffix == ".json":
        return json.dumps(doc, indent=2, ensure_ascii=False) + "\n"
    if suffix == ".md":
        return markdown(doc)
    if suffix == ".html":
        return page(doc)
    raise FloormanError(f"cannot export a quiz as {suffix or 'a file without a suffix'}", field="export",
                        expected="a file ending .json, .md or .html")


def write_export(path: Path, doc: dict[str, Any], *, force: bool = False) -> Path:
    """Write the quiz to `path` (the format from its suffix) through a temporary file in the same
    folder, renamed into place: never half a file. An existing file is kept unless `force`."""
    path = Path(path)
    text = render(doc, path.suffix.lower())
    if path.exists() and not force:
        raise _exists(path)
    temporary: str | None = None
    try:
        # beside the file (a rename never crosses file systems), with the permissions a new file gets
        temporary = str(path.parent / f".{path.name}.{secrets.token_hex(4)}.tmp")
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        if force:
            os.replace(temporary, path)
        else:
            try:
                os.link(temporary, path)       # refuses, changing nothing, a file that appeared meanwhile
            except FileExistsError:
                raise _exists(path) from None
            except OSError:                    # no hard links on this file system: the check above stands
                os.replace(temporary, path)
    except OSError as error:
        raise FloormanError(f"cannot write the quiz ({error.strerror or error})", file=str(path)) from None
    finally:
        if temporary is not None and os.path.exists(temporary):
            os.unlink(temporary)
    return path


def _exists(path: Path) -> FloormanError:
    return FloormanError("the file already exists: an export never writes over one", file=str(path),
                         expected="a new file name, or --force to replace it")
