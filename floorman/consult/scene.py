"""Answers -> a hand, through the shared situation builder (floorman/builder.py).

The hand is laid out the same way for every dispute of a stage, never per rule:
seats 1..N with the button on the last seat (seat 1 the small blind, seat 2 the big blind),
every stack the answer to `stack`; the blinds posted; the earlier streets limped and checked
through; then, by stage:

* deal: nothing more (the dispute happens at the deal; `acted` players have called since);
* betting: on `street`, the first to act bets (or raises) to `bet_faced`; with `all_in_to`
  the next player goes all in to it and the rest fold back to the bettor, who is in dispute;
  otherwise the player after the bettor is;
* board: the betting before the flop is over and the burn is out (a flop without a burn is
  dealt, and `acted` players check on it);
* showdown: hole cards dealt, the river bet `river_bet` by the first to act and called by the
  next player (in dispute), the others folded.
"""

from __future__ import annotations

from typing import Any

from floorman.builder import HandBuilder
from floorman.errors import FloormanError, InvalidEvent
from floorman.model.events import parse_event
from floorman.model.incidents import parse_incident
from floorman.model.table import Table

STREETS = ("preflop", "flop", "turn", "river")
BOARD = (("Jc", "8d", "3s"), ("5h",), ("Qc",))
# hole cards for the showdown stage, two per seat, none on the board
HOLES = ("Ah Kh", "9c 9d", "7s 6s", "Td 4c", "2d 2h", "Ks Qd", "Js Tc", "8h 7h", "6d 5d", "4s 3s")
# the stud stage (variants family): six cards per seat, third to sixth street (the third of
# each is the upcard: K, 4, 9, J, 6, Q, 8, A, all different, so the order is never a tie)
STUD_GAMES = ("stud", "stud-hi-lo", "razz")
DRAW_GAMES = ("2-7-single-draw", "2-7-triple-draw")
STUD_CARDS = ("2c 3d Kh 5s 7c 9d", "Tc Jd 4h 3s 8c 2d", "5c 6d 9h Js Qc Kd", "7d 8d Jh 2s Ac Td",
              "9c Qd 6h 4s Kc Ad", "3c 4c Qh 6s 5d 7h", "Jc 6c 8h Ts As 3h", "4d 2h Ah 8s 9s Ks")


def placeholder(name: str, answers: dict[str, Any]) -> str:
    """A default that depends on earlier answers ('$deep' = 100 big blinds...), as text."""
    small, big = answers.get("stakes", (2, 5))
    players = answers.get("players", 6)
    street = answers.get("street", "preflop")
    bet = answers.get("bet_faced", big if street == "preflop" else 0)
    values = {
        "$deep": 100 * big, "$big_blind": big,
        "$opening": big if street == "preflop" else 0,
        "$raise_to": 3 * max(bet, big),
        "$all_in_seat": 4 if players > 3 else 1,
        "$short_raise": max(bet, big) + max(bet, big) // 2,
        "$pot_high": 4 * big,
        "$pot": players * big if street != "preflop" else small + big,
    }
    return str(values.get(name, name))


def table_for(answers: dict[str, Any], stacks: dict[int, int] | None = None) -> Table:
    small, big = answers.get("stakes", (2, 5))
    players = answers.get("players", 6)
    stack = answers.get("stack", 100 * big)
    betting = answers.get("betting", "no-limit")
    structure: dict[str, Any] = {"betting": betting}
    if betting == "fixed-limit":
        structure.update(small_bet=big, big_bet=2 * big)
    seats = [{"number": n, "stack": (stacks or {}).get(n, stack)} for n in range(1, players + 1)]
    if answers.get("variant") in DRAW_GAMES:
        # a draw game: a button game with blinds, like hold'em (the variants family's draw question)
        return Table.from_data({"format": answers.get("format", "cash"), "button": players,
                                "variant": answers["variant"], "structure": structure,
                                "forced_bets": {"small_blind": small, "big_blind": big}, "seats": seats})
    if answers.get("variant") in STUD_GAMES:
        # a stud table: no button, fixed limit at the stakes, antes and a bring-in of the small figure
        if players > len(STUD_CARDS):
            raise FloormanError(f"a stud table seats at most {len(STUD_CARDS)} players (52 cards)",
                                field="players", expected=f"2 to {len(STUD_CARDS)}")
        return Table.from_data({"format": answers.get("format", "cash"), "variant": answers["variant"],
                                "structure": {"betting": "fixed-limit", "small_bet": big, "big_bet": 2 * big},
                                "forced_bets": {"ante": max(1, small // 2), "ante_style": "every-player",
                                                "bring_in": small},
                                "seats": seats})
    return Table.from_data({"format": answers.get("format", "cash"), "button": players, "structure": structure,
                            "forced_bets": {"small_blind": small, "big_blind": big}, "seats": seats})


class Scene:
    """The hand laid out for a dispute, and the incident built from the answers."""

    def __init__(self, dispute: str, stage: str, answers: dict[str, Any], profile: str, *,
                 house: Any = None, floor: Any = None) -> None:
        self.dispute, self.stage, self.answers = dispute, stage, answers
        self.profile, self.house, self.floor = profile, house, floor
        self.roles: dict[str, int] = {}
        try:
            self.builder = self._lay_out()
        except _Restack as restack:
            # the all-in player gets exactly the chips to go all in to the amount: lay out again
            self.builder = self._lay_out({restack.seat: restack.stack})

    # ----------------------------------------------------------------- the hand
    def _lay_out(self, stacks: dict[int, int] | None = None) -> HandBuilder:
        self.roles = {}
        hand = HandBuilder(table_for(self.answers, stacks), self.profile, house=self.house, floor=self.floor)
        self._hand = hand
        hand.post_forced_bets()
        if self.stage == "stud":
            self._stud()
            return hand
        if self.stage == "showdown":
            for seat, cards in zip(range(1, len(hand.table.seats) + 1), HOLES):
                self._event({"type": "deal", "seat": seat, "cards": cards.split()})
        street = self.answers.get("street", "preflop") if self.stage == "betting" else "preflop"
        if self.stage == "showdown":
            street = "river"
        target = STREETS.index(street)
        if self.stage == "deal":
            for _ in range(self.answers.get("acted", 0)):
                if self._actor() is not None:
                    self._act(self._actor(), "call")
            self.roles["seat"] = self._actor() or 1
            return hand
        if self.stage == "betting" and target and self.answers.get("pot") is not None:
            hand = self._jump(street)          # the pot as said, the board dealt to the street
        else:
            for index in range(target):
                self._complete_round()
                self._event({"type": "board", "cards": list(BOARD[index])})
        if self.stage == "board":
            self._complete_round()
            if self.dispute == "flop-without-burn":
                self._event({"type": "board", "cards": list(BOARD[0])})
                for _ in range(self.answers.get("acted", 0)):
                    if self._actor() is not None:
                        self._act(self._actor(), "check")
            elif self.dispute != "premature-board":
                self._event({"type": "burn"})
            self.roles["seat"] = self._actor() or 1
            return hand
        if self.stage == "showdown":
            self._river()
            return hand
        self._bet()
        return hand

    def _jump(self, street: str) -> HandBuilder:
        """The hand at the start of `street` with the pot answered (floorman/session/jump.py): the
        seats in it called equally before the flop and checked since; when the pot does not split
        evenly among every seat, the last seats folded before the flop (their blinds stay in)."""
        from floorman.notation.errors import NotationError
        from floorman.notation.jump import Jump
        from floorman.session.jump import lay_out

        cards = [card for index in range(STREETS.index(street)) for card in BOARD[index]]
        order = [seat.number for seat in self._hand.table.seats]
        error: NotationError | None = None
        for count in range(len(order), 1, -1):
            try:
                table, events = lay_out(self._hand.table, Jump(street, cards, pot=self.answers["pot"],
                                                               live=order[:count]), room=self._hand._room)
                break
            except NotationError as refused:
                error = error or refused
        else:
            assert error is not None
            made = placeholder("$pot", self.answers)
            raise InvalidEvent(f"a pot of {self.answers['pot']:,} cannot be made before the {street} at these blinds "
                               f"({error.message})", field="pot",
                               expected=f"a pot the players could have made, e.g. {made}")
        hand = HandBuilder(table, self.profile, house=self.house, floor=self.floor)
        for event in events:
            hand.add_event(event)
        self._hand = hand
        return hand

    def _stud(self) -> None:
        """Third street dealt; for a question about the bring-in nothing more. Otherwise the
        bring-in is called round and fourth street dealt; the last streets are checked through
        for the seventh-street irregularities; upcards picked up face a bet, a premature card
        comes after the first check."""
        seats = [n for n in range(1, len(self._hand.table.seats) + 1)]
        cards = {n: STUD_CARDS[n - 1].split() for n in seats}
        for n in seats:
            self._event({"type": "deal", "seat": n, "cards": cards[n][:3]})
        self.roles["seat"] = 1
        if self.answers.get("stud-question.asks", "bring-in") == "bring-in" and self.dispute == "stud-question":
            return
        self._act(self._actor(), "bring-in", self._hand.table.forced_bets.bring_in)
        self._complete_round()
        kind = self.answers.get("stud-irregularity.kind", "")
        last = 6 if kind in ("seventh-street-exposed", "short-stub") else 4
        for street in range(4, last + 1):
            for n in seats:
                self._event({"type": "deal", "seat": n, "cards": [cards[n][street - 1]]})
            if street < last:
                self._complete_round()
        if kind in ("seventh-street-exposed", "short-stub"):
            self._complete_round()
        elif kind == "upcards-picked-up":
            self._act(self._actor(), "bet", self._hand.table.structure.small_bet)
        elif kind == "premature-card":
            self.roles["seat"] = self._to_act()
            self._act(self._actor(), "check")
            return
        self.roles["seat"] = self._actor() or 1

    def _bet(self) -> None:
        state = self._hand.state
        bet = self.answers.get("bet_faced", 0)
        bettor = self._actor()
        if bettor is None:
            return
        self.roles["bettor"] = bettor
        raised = bet > state.current_bet
        if raised:
            self._act(bettor, "bet" if state.current_bet == 0 else "raise", bet)
        if self.answers.get("all_in_to"):
            all_in = self._to_act()
            self.roles["all_in"] = all_in
            seat_now = self._hand.state.seats[all_in]
            if seat_now.stack + seat_now.street_bet != self.answers["all_in_to"]:
                earlier = seat_now.starting_stack - seat_now.stack - seat_now.street_bet
                raise _Restack(all_in, self.answers["all_in_to"] + earlier)
            self._act(all_in, "all-in", self.answers["all_in_to"])
            while self._actor() not in (None, bettor):
                self._act(self._actor(), "fold")
            self.roles["seat"] = bettor
        else:
            # after a bet the next player is in dispute; with no bet (or only the blind) the first to act
            self.roles["seat"] = (self._actor() or bettor) if raised else bettor
        next_seat = [n for n in self._hand.table.clockwise_from(self.roles["seat"])
                     if n != self.roles["seat"] and self._hand.state.seats[n].live]
        self.roles["next"] = next_seat[0] if next_seat else self.roles["seat"]

    def _river(self) -> None:
        bettor = self._to_act()
        caller = [n for n in self._hand.table.clockwise_from(bettor) if n != bettor][0]
        self.roles.update(bettor=bettor, seat=caller)
        amount = self.answers.get("river_bet", 0)
        if amount:
            self._act(bettor, "bet", amount)
        else:
            self._act(bettor, "check")
        while (actor := self._actor()) is not None:
            self._act(actor, "fold" if actor != caller else ("call" if amount else "check"))

    def _complete_round(self) -> None:
        while (actor := self._actor()) is not None:
            self._act(actor, "call" if self._hand.state.to_call(actor) else "check")

    def _actor(self) -> int | None:
        return self._hand.state.actor

    def _to_act(self) -> int:
        """The seat to act where the scene needs one (it lays hands out so that someone is)."""
        actor = self._hand.state.actor
        assert actor is not None, f"nobody is to act in the {self.stage} scene"
        return actor

    def _act(self, seat: int | None, action: str, amount: int | None = None) -> None:
        # a seat of None (nobody to act) is refused by parse_event, as any bad event is
        event: dict[str, Any] = {"type": "action", "seat": seat, "action": action}
        if amount is not None:
            event["amount"] = amount
        self._event(event)

    def _event(self, raw: dict[str, Any]) -> None:
        self._hand.add_event(parse_event(raw))

    # ----------------------------------------------------------------- the incident
    def incident(self) -> dict[str, Any]:
        """The incident as plain data: the answers to its own fields, and the seats from the hand."""
        fields = {name.split(".", 1)[1]: value for name, value in self.answers.items()
                  if name.startswith(self.dispute + ".")}
        cls_fields = _model_fields(self.dispute)
        raw: dict[str, Any] = {"type": self.dispute}
        raw.update({k: v for k, v in fields.items() if k in cls_fields})
        seat, nxt = self.roles.get("seat", 1), self.roles.get("next", self.roles.get("seat", 1))
        if "seat" in cls_fields and self.dispute not in ("call-before-amount",):
            raw["seat"] = seat
        extra = getattr(self, "_" + self.dispute.replace("-", "_"), None)
        if extra is not None:
            extra(raw, seat, nxt)
        return {k: v for k, v in raw.items() if v is not None}

    def _wager(self, raw: dict[str, Any], seat: int, nxt: int) -> None:
        if raw.get("declared", "none") == "none":
            raw.pop("speech", None)
            raw.pop("amount_said", None)
        elif raw.get("amount_said") == 0:
            raw.pop("amount_said")
        if raw.get("motions", 1) == 1:
            raw.pop("first_motion_chips", None)
        if not raw.get("first_motion_chips"):
            raw.pop("first_motion_chips", None)

    def _question(self, raw: dict[str, Any], seat: int, nxt: int) -> None:
        if raw.get("asks") != "count-stack":
            raw.pop("about", None)
            raw.pop("exact", None)

    def _out_of_turn(self, raw: dict[str, Any], seat: int, nxt: int) -> None:
        raw["seat"], raw["skipped"] = nxt, seat
        if raw.get("action") in ("check", "call", "fold") or not raw.get("amount"):
            raw.pop("amount", None)
        then = raw.pop("then", None)
        raw["then"] = [] if then is None else [_following(seat, then)]

    def _pot_count_error(self, raw: dict[str, Any], seat: int, nxt: int) -> None:
        then = raw.pop("then", None)
        raw["then"] = [] if then is None else [{"seat": nxt, "action": then[0]}]

    def _under_raise_found(self, raw: dict[str, Any], seat: int, nxt: int) -> None:
        raw["then"] = []

    def _call_before_amount(self, raw: dict[str, Any], seat: int, nxt: int) -> None:
        raw["bettor"], raw["seat"] = seat, nxt

    def _conditional_statement(self, raw: dict[str, Any], seat: int, nxt: int) -> None:
        raw["condition_seat"] = nxt

    def _deal_error(self, raw: dict[str, Any], seat: int, nxt: int) -> None:
        if raw.get("error") == "non-standard-card":
            raw["card"] = "joker"
        if raw.get("error") != "wrong-count":
            raw.pop("cards_held", None)

    def _exposed_card(self, raw: dict[str, Any], seat: int, nxt: int) -> None:
        if raw.get("by") == "dealer":
            button = self._hand.table.button
            assert button is not None, "a scene's table always has the button placed"
            order = self._hand.table.clockwise_from(button)
            order = [n for n in order if n != button] + [button]
            raw["seat"] = order[((raw.get("deal_positions") or [1])[0] - 1) % len(order)]
        else:
            raw.pop("deal_positions", None)

    def _duplicate_card(self, raw: dict[str, Any], seat: int, nxt: int) -> None:
        if isinstance(raw.get("card"), list):
            raw["card"] = (raw["card"] or ["As"])[0]

    def _wrong_button(self, raw: dict[str, Any], seat: int, nxt: int) -> None:
        raw["correct_button"] = len(self._hand.table.seats) - 1

    def _wrong_blind_level(self, raw: dict[str, Any], seat: int, nxt: int) -> None:
        small, big = self.answers.get("stakes", (2, 5))
        raw.update(small_blind=2 * small, big_blind=2 * big)

    def _verbal_at_showdown(self, raw: dict[str, Any], seat: int, nxt: int) -> None:
        raw["seat"], raw["misled_seat"] = self.roles["bettor"], seat

    def _show_request(self, raw: dict[str, Any], seat: int, nxt: int) -> None:
        asker = self.answers.get("asker", "caller")
        raw["target"] = self.roles["bettor"]
        if asker == "other":
            raw["seat"] = [n for n in self._hand.table.clockwise_from(seat)
                           if n not in (seat, self.roles["bettor"])][0]
        elif asker == "mucked":
            self._event({"type": "muck", "seat": seat})

    def _shown_to_one(self, raw: dict[str, Any], seat: int, nxt: int) -> None:
        raw["to_seat"] = self.roles["bettor"]

    def _award_dispute(self, raw: dict[str, Any], seat: int, nxt: int) -> None:
        raw["awarded_to"] = seat

    def rule(self) -> Any:
        """Add the incident to the hand and rule on it (a RulingReport). Answers that make no
        incident (no chips and no words for a wager) raise InvalidEvent naming the field."""
        from pydantic import ValidationError

        try:
            raw = self.incident()
            incident = parse_incident(raw)
        except ValidationError as error:
            first = error.errors(include_url=False)[0]
            where = ".".join(str(part) for part in first["loc"] if isinstance(part, (str, int)))
            raise InvalidEvent(first["msg"].removeprefix("Value error, "),
                               field="incidents[0]" + (f".{where}" if where else "")) from None
        wanted, natural = self.answers.get("seat"), self.roles.get("seat")
        if wanted is not None and natural is not None and wanted != natural:
            self.builder, incident = self._renumbered(wanted - natural, raw)
        return self.builder.add_incident(incident)

    def _renumbered(self, shift: int, raw: dict[str, Any]) -> tuple[HandBuilder, Any]:
        """The hand with every seat numbered as the real table numbers it: the disputed seat is the
        seat answered, the others in their places around a 10-seat table."""
        def seat(number: int) -> int:
            return (number - 1 + shift) % SEATS + 1

        table = self.builder.table
        data = table.model_dump(mode="json")
        data["seats"] = [{**s, "number": seat(s["number"])} for s in data["seats"]]
        data["seat_count"] = SEATS
        if data.get("button") is not None:
            data["button"] = seat(data["button"])
        hand = HandBuilder(Table.from_data(data), self.profile, house=self.house, floor=self.floor)
        for event in self.builder.events:
            moved = event.model_dump(mode="json")
            if moved.get("seat") is not None:
                moved["seat"] = seat(moved["seat"])
            hand.add_event(parse_event(moved))
        self.roles = {role: seat(number) for role, number in self.roles.items()}
        return hand, parse_incident(_seats_moved(raw, seat))


SEATS = 10       # a table numbered as the real one: seats 1 to 10 around it

#: the incident fields that name a seat (a list of seats, or actions by seat, moves with them)
_SEAT_FIELDS = ("seat", "skipped", "about", "target", "bettor", "awarded_to", "owner", "all_in_seat",
                "condition_seat", "misled_seat", "to_seat", "other_seat")


def _seats_moved(raw: dict[str, Any], seat: Any) -> dict[str, Any]:
    moved = dict(raw)
    for name in _SEAT_FIELDS:
        if isinstance(moved.get(name), int):
            moved[name] = seat(moved[name])
    if isinstance(moved.get("then"), list):
        moved["then"] = [{**action, "seat": seat(action["seat"])} for action in moved["then"]]
    return moved


class _Restack(Exception):
    """The all-in seat needs a stack that makes its all-in the amount answered."""

    def __init__(self, seat: int, stack: int) -> None:
        super().__init__(seat, stack)
        self.seat, self.stack = seat, stack


def _following(seat: int, answer: tuple[str, int | None]) -> dict[str, Any]:
    action, amount = answer
    return {"seat": seat, "action": action, **({"amount": amount} if amount is not None else {})}


def _model_fields(dispute: str) -> set[str]:
    from floorman.model.incidents import incident_class

    cls = incident_class(dispute)
    return set(cls.model_fields) if cls else set()
