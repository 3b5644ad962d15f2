"""Rule look-up at the podium: `floorman rules [WORDS]` and `floorman explain RULE_ID`.

A thin layer: the ranking lives in floorman/authoring/search.py and the explanation in
floorman/authoring/explain.py; this module parses the options and renders. rich and the
rulebook are imported inside the commands (start-up time).
"""

from __future__ import annotations

import sys
from typing import Any

import typer

from floorman.cli.options import HouseOption, JsonOption, ProfileOption, RulebookOption


def rules(
    words: list[str] | None = typer.Argument(None, help="Words to look for (none: list every rule).",
                                                show_default=False),
    category: str | None = typer.Option(None, "--category", "-c", help="Only rules of this category "
                                           "(betting, conduct, procedure, irregularity, showdown, derivation)."),
    profile: ProfileOption = None,
    house: HouseOption = None,
    limit: int | None = typer.Option(None, "--limit", "-n", min=1, help="Show at most N rules (default: "
                                        "10 for a word search, all for a listing)."),
    json_output: JsonOption = False,
    rulebook: RulebookOption = None,
    diff: str | None = typer.Option(None, "--diff", metavar="PROFILE", help="List the room options and "
                                       "rules that differ between --profile (default tda-2026, or the house "
                                       "file's) and this profile."),
) -> None:
    """Find rules by words, best match first: id, title, category, profiles and the rule in one line.
    With --diff, list instead what differs between two profiles.
    --profile and --house keep only the rules that apply under that profile, room options included.

    Cardroom spellings are understood ("all in", "all-in", "allin"; "oot", "out of turn"), and a
    rule number finds the rules citing it ("rule 44", "2024 rule 44", "45-B"). Exit 1 when
    nothing matches.

    Example:

        floorman rules oversized chip
        floorman rules four card flop --profile cash
        floorman rules --category showdown
        floorman rules muck --house our-room.yaml
        floorman rules --profile tda-2024 --diff tda-2026
    """
    from floorman.authoring.search import search
    from floorman.rulebook.loader import load_rulebook

    text = " ".join(words or [])
    book = load_rulebook(rulebook)
    house_rules = None
    if house is not None:
        from floorman.rulebook.house import load_house

        house_rules = load_house(house, book)
    if diff is not None:
        _print_diff(book, profile, diff, house_rules, json_output)
        return
    hits = search(book, text, category=category, profile=profile, house=house_rules,
                  limit=limit if limit is not None else (10 if text.strip() else None))
    if json_output:
        import json

        sys.stdout.write(json.dumps({"query": text, "category": category, "profile": profile,
                                     "rules": [hit.to_json() for hit in hits]}, indent=2) + "\n")
    else:
        _print_hits(hits, text, total=len(book.rules))
    if not hits:
        raise typer.Exit(code=1)


def _print_diff(book: Any, profile: str | None, other: str, house_rules: Any, json_output: bool) -> None:
    """`rules --profile A --diff B`: the options and rules that differ (a house file's options
    stand in for A's own)."""
    import dataclasses

    from floorman.authoring.diff import diff_profiles
    from floorman.ruling import option_text

    left = profile or (house_rules.extends if house_rules is not None else "tda-2026")
    book.profile_chain(other)                 # an unknown profile is named, with a "did you mean"
    left_options = None
    if house_rules is not None:
        left_options = book.options(left, house=dataclasses.replace(house_rules, extends=left))
    found = diff_profiles(book, left, other, left_options=left_options)
    if json_output:
        import json

        sys.stdout.write(json.dumps(found.to_json(), indent=2) + "\n")
        return
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    console = Console(highlight=False)
    shown_left = f"{left} + {house_rules.path}" if house_rules is not None else left
    if found.same:
        console.print(Text(f"{shown_left} and {other} set the same options and apply the same rules."))
        return
    if found.options:
        view = Table(title=f"Room options: {shown_left} vs {other}", title_justify="left")
        view.add_column("option", no_wrap=True)
        view.add_column(shown_left)
        view.add_column(other)
        view.add_column("what it means")
        for option in found.options:
            name = option.name + ("\n(2026 change)" if option.tda_2026_change else "")
            view.add_row(name, option_text(option.left), option_text(option.right), option.description)
        console.print(view)
    for side, ids in ((shown_left, found.only_left), (other, found.only_right)):
        if ids:
            console.print(Text(f"Rules only under {side} ({len(ids)}):", style="bold"))
            for rule_id in ids:
                line = Text(f"  {rule_id}", style="cyan")
                line.append(f"  {book.rules[rule_id].title}")
                console.print(line)
    console.print(Text(f"{len(found.options)} option(s) and {len(found.only_left) + len(found.only_right)} "
                       "rule(s) differ", style="dim"))


def _print_hits(hits: list, text: str, *, total: int) -> None:
    from rich.console import Console
    from rich.text import Text

    console = Console(highlight=False)
    if not hits:
        typer.echo(f"no rule matches {text!r}" if text.strip() else "no rule matches these filters", err=True)
        return
    for hit in hits:
        head = Text()
        head.append(hit.rule.id, style="bold cyan")
        head.append(f"  {hit.rule.category} | {', '.join(hit.profiles) or _nowhere(hit.rule)}", style="dim")
        console.print(head)
        console.print(Text(_indented(hit.rule.title, console.width), style="bold"))
        console.print(Text(_indented(hit.line, console.width)))
    console.print(Text(f"{len(hits)} of {total} rules" + (" (best first)" if text.strip() else "")
                       + "; `floorman explain RULE_ID` shows one in full.", style="dim"))


def _nowhere(rule: Any) -> str:
    """Where a rule that no profile turns on can still apply."""
    options = any(pattern.fact == "profile" for pattern in rule.when)
    return "a room option no profile sets: a house file can" if options else "no profile"


def _indented(text: str, width: int) -> str:
    import textwrap

    return textwrap.fill(text, width=max(width, 40), initial_indent="  ", subsequent_indent="  ")


def explain(
    rule_id: str = typer.Argument(..., metavar="RULE_ID", help="The rule's id (any case) or name."),
    json_output: JsonOption = False,
    example: bool = typer.Option(True, "--example/--no-example", help="Rule on an example scenario (default: "
                                 "yes)."),
    rulebook: RulebookOption = None,
) -> None:
    """Everything about one rule: what it says and why, its citations in every edition, what it
    needs to fire, the room options it tests, its precedence and effect, and an example ruling.

    Example:

        floorman explain BET-OVERSIZED-CHIP-CALL
        floorman explain board-four-card-flop-redeal --json
    """
    from floorman.authoring import explain as explaining
    from floorman.rulebook.loader import load_rulebook

    book = load_rulebook(rulebook)
    explanation = explaining.explain(book, rule_id, example=example)
    if json_output:
        import json

        sys.stdout.write(json.dumps(explanation.to_json(), indent=2, ensure_ascii=False) + "\n")
        return
    _print_explanation(explanation, with_example=example)


def _print_explanation(explanation: Any, *, with_example: bool = True) -> None:
    from rich.console import Console, Group
    from rich.panel import Panel
    from rich.table import Table
    from rich.text import Text

    data = explanation.to_json()
    console = Console(highlight=False)
    parts: list[Any] = []

    def heading(words: str) -> None:
        parts.append(Text(f"\n{words}", style="bold underline"))

    def item(words: str, style: str = "", mark: str = "-") -> None:
        # a hanging indent: a wrapped line starts under the words, not under the mark
        grid = Table.grid()
        grid.add_column(width=len(mark) + 1)
        grid.add_column(ratio=1)
        grid.add_row(mark, Text(words, style=style))
        parts.append(grid)

    parts.append(Text(data["title"], style="bold"))
    parts.append(Text(data["statement"]))
    if data["why"]:
        heading("Why")
        parts.append(Text(data["why"]))
    heading("Applies under")
    listed = ", ".join(data["listed_for"])
    parts.append(Text((", ".join(data["profiles"]) or _nowhere(explanation.rule)) + f" (listed for: {listed})"))

    heading("Citations")
    for citation in data["citations"]:
        title = f" {citation['title']}" if citation.get("title") else ""
        note = f"; {citation['note']}" if citation.get("note") else ""
        role = " [contrast]" if citation.get("role") == "contrast" else ""
        item(f"{citation['label']}{title} ({citation['confidence_words']}{note}){role}",
             style="dim" if citation.get("role") == "contrast" else "")
    if any(citation.get("role") == "contrast" for citation in data["citations"]):
        parts.append(Text("[contrast]: cited only to show where the room differs, never quoted as the basis",
                          style="dim"))
    for profile, quote in data["quoted_as"].items():
        parts.append(Text(f"A ruling under {profile} quotes: {quote}", style="italic"))

    heading("What it needs to fire")
    for need in data["needs"]:
        item(need["words"])
    for name, meaning in data["fields"].items():
        item(f"{name}: {meaning}", style="dim", mark=" ")

    if data["options"]:
        heading("Room options")
        for option in data["options"]:
            tests = f" (fires when {' and '.join(option['test'])})" if option["test"] else " (read, not tested)"
            item(f"{option['option']}{tests}: {option['description']}")
            for profile, value in option["values"].items():
                shown = ("yes" if value else "no") if isinstance(value, bool) else str(value)
                fires = option.get("holds", {}).get(profile)
                mark = "" if fires is None else ("  -> fires" if fires else "  -> does not fire")
                parts.append(Text(f"    {profile}: {shown}{mark}"))

    heading("Decision")
    precedence = data["precedence"]
    if "decision" in data:
        parts.append(Text(f"decides `{data['decision']}` on subject `{precedence['subject']}`, "
                          f"priority {precedence['priority']}"))
        if data["numbers"]:
            parts.append(Text(f"numbers: {', '.join(n.replace('_', ' ') for n in data['numbers'])}"))
        for number, step in enumerate(data["steps"], 1):
            item(step, mark=f"{number}.")
        parts.append(Text(f"effect on the hand: {'; then '.join(data['effect'])}"))
    else:
        parts.append(Text(f"derives the fact `{data['derives']}` for other rules to test"))
    if precedence["overrides"]:
        parts.append(Text(f"overrides: {', '.join(precedence['overrides'])}"))
    if precedence["overridden_by"]:
        parts.append(Text(f"overridden by: {', '.join(precedence['overridden_by'])}"))

    rule = explanation.rule
    console.print(Panel(Group(*parts), title=Text(rule.id, style="bold"),
                        subtitle=f"{rule.category}, {rule.status}", title_align="left", subtitle_align="right",
                        border_style="cyan"))
    if with_example:
        _print_example(console, explanation)


def _print_example(console: Any, explanation: Any) -> None:
    from rich.text import Text

    example = explanation.example
    if example is None:
        console.print(Text("No bundled scenario names this rule in its expect.", style="dim"))
        return
    console.print(Text(f"Example: {example.title}", style="bold"))
    console.print(Text(f"{example.path} (profile {example.profile}); `floorman rule {example.path}` "
                       "shows the whole ruling", style="dim"))
    if example.question:
        console.print(Text(example.question, style="italic"))
    if example.error:
        console.print(Text(f"could not be ruled: {example.error}", style="red"))
        return
    if example.ruling is None:
        console.print(Text("No ruling on this scenario.", style="dim"))
        return
    if example.ruling.rule_id != explanation.rule.id:
        console.print(Text(f"{explanation.rule.id} fires in the reasoning; the ruling it leads to:", style="dim"))
    from floorman.cli import ruling_view

    console.print(_panel(ruling_view, example.ruling, example.profile))


def _panel(ruling_view: Any, ruling: Any, profile: str) -> Any:
    """The ruling panel, with the profile where the panel takes it (the quote depends on it)."""
    import inspect

    if "profile" in inspect.signature(ruling_view.ruling_panel).parameters:
        return ruling_view.ruling_panel(ruling, profile=profile)
    return ruling_view.ruling_panel(ruling)


def register(app: typer.Typer) -> None:
    """Add `rules` and `explain` to the main app."""
    from floorman.cli.errors import guarded

    app.command("rules")(guarded(rules))
    app.command("explain")(guarded(explain))
