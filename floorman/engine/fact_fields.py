"""Every fact type's fields and their kinds, declared in one place.

The fact builders (`floorman/engine/facts/`) emit exactly these fields (a test runs every bundled
scenario and checks), and `floorman rulebook lint` refuses a rule whose `when:` names a field that
is not here, so a typo cannot silently disable a rule. The `profile` fact's fields are the room
options declared in `rulebook/options.yaml` (plus `name`); `derived` facts carry the fields their
`derive:` rules set. Whoever adds a fact field adds it here.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Protocol

Kind = str   # "int" | "str" | "bool"

# Every fact has these; the engine owns them.
COMMON_FIELDS: dict[str, Kind] = {"type": "str", "id": "str"}

FACT_FIELDS: dict[str, dict[str, Kind]] = {
    "absent_chips": {
        "ante": "int", "big_blind": "int", "format": "str", "tournament": "bool", "reason": "str", "seat":
        "int", "small_blind": "int", "stack": "int", "returning": "bool", "money_chance": "bool",
        "remove_chips": "bool",
    },
    "award_dispute": {
        "award_text": "str", "award_wrong": "bool", "awarded_to": "int", "break_limit_seconds": "int",
        "deadline": "str", "during_break": "bool", "found": "str", "in_time": "bool", "kind": "str",
        "kind_text": "str", "pot": "int", "rightful": "str", "rightful_known": "bool",
        "seconds_after_award": "int",
    },
    "big_blind_ante_short": {
        "all_in": "bool", "ante": "int", "ante_posted": "int", "ante_short": "int", "big_blind": "int", "order": "str",
        "blind_posted": "int", "blind_short": "int", "family": "str", "format": "str", "seat": "int",
        "short": "bool", "stack": "int", "tournament": "bool",
    },
    "boxed_card": {
        "actions_in_turn": "int", "ante": "int", "before_cutoff": "bool", "big_blind": "int", "button": "int",
        "cards": "str", "count": "int", "cutoff": "str", "cutoff_words": "str", "family": "str",
        "format": "str", "initial_deal": "bool", "misdeal": "bool", "past_cutoff": "bool",
        "players_acted": "int", "posted": "str", "posted_total": "int", "returned": "str",
        "returned_total": "int", "small_blind": "int", "substantial_action": "bool", "tournament": "bool",
        "treated_as_blank": "bool", "two_or_more_on_initial_deal": "bool",
    },
    "button_draw": {
        "button": "int", "card": "str", "cards": "str", "family": "str", "format": "str", "high_rank": "str",
        "players": "int", "rank_tie": "bool", "suit": "str", "tied_seats": "str", "tournament": "bool",
    },
    "buy_in": {
        "above_max": "bool", "amount": "int", "below_min": "bool", "big_blind": "int", "cash_game": "bool",
        "excess": "int", "format": "str", "kind": "str", "left_with": "int", "max_allowed": "int",
        "max_big_blinds": "int", "max_buy_in": "int", "may_add": "int", "min_big_blinds": "int",
        "min_buy_in": "int", "minutes_away": "int", "owes_left_with": "bool", "required_min": "int",
        "returning": "bool", "returning_in_time": "bool", "seat": "int", "short_by": "int",
        "stack_after": "int", "stack_before": "int", "tournament": "bool", "window_minutes": "int",
        "within_limits": "bool",
    },
    "call_before_amount": {
        "amount_known": "bool", "amount_to": "int", "bettor": "int", "call_adds": "int", "call_to": "int",
        "caller_all_in": "bool", "declared": "str", "seat": "int",
    },
    "cash": {
        "amount": "int", "cash_game": "bool", "cash_plays": "bool", "format": "str", "in_play": "int",
        "room_allows_cash": "bool", "seat": "int", "stack": "int", "visible": "bool",
    },
    "cash_out_request": {
        "format": "str", "tournament": "bool", "seat": "int", "stack": "int", "wants": "str",
    },
    "chip_race": {
        "cards_needed": "int", "chips_after": "str", "chips_raced": "int", "decided": "bool", "exchanged":
        "str", "format": "str", "tournament": "bool", "kept_in": "str", "kept_in_count": "int", "next_up":
        "int", "odd_chips": "str", "odd_value_total": "int", "race_needed": "bool", "racers": "int",
        "removed": "int", "rounding": "str", "seat_1_chips_after": "int", "seat_2_chips_after": "int",
        "seat_3_chips_after": "int", "seat_4_chips_after": "int", "seat_5_chips_after": "int",
        "seat_6_chips_after": "int", "seat_7_chips_after": "int", "seat_8_chips_after": "int",
        "seat_9_chips_after": "int", "seat_10_chips_after": "int", "winners": "str",
    },
    "chips_found_behind": {
        "all_in_seat": "int", "all_in_total": "int", "amount": "int", "caller_behind": "int", "caller_covers": "bool",
        "caller_total": "int", "extra_to_call": "int", "format": "str", "gap": "int", "part_of_action": "bool",
        "seat": "int", "tournament": "bool",
    },
    "clock": {
        "chips_in": "int", "expired": "bool", "facing_bet": "bool", "family": "str", "format": "str",
        "seat": "int", "street": "str", "tie": "bool", "to_call": "int", "tournament": "bool",
    },
    "complaint": {"format": "str", "seat": "int", "seat_text": "str", "topic": "str", "tournament": "bool"},
    "conditional": {
        "amount_said": "int", "condition": "str", "condition_met": "bool", "condition_seat": "int",
        "condition_words": "str", "current_bet": "int", "facing_bet": "bool", "folded": "bool",
        "min_raise_to": "int", "promised": "str", "said_amount": "bool", "seat": "int", "stack": "int",
        "to_call": "int",
    },
    "conduct": {
        "action_pending": "bool", "cash_game": "bool", "chips_forfeited": "int", "forced_bets_per_round": "int", "warning_reason": "str",
        "forced_bets_while_away": "int", "format": "str", "hands_missed": "int", "level": "int", "next_step": "str",
        "penalty": "str", "penalty_type": "str", "prior_penalties": "int", "prior_warnings": "int", "repeat": "bool",
        "rounds": "int", "seat": "int", "seats_at_table": "int", "severity": "str", "stack": "int", "starts": "str",
        "served": "str",
        "step": "str", "tournament": "bool", "units": "int", "while_away": "str",
        "during_hand": "bool", "folded": "bool", "in_hand": "bool", "live_hand": "bool", "nuts_last_to_act": "bool",
        "offence": "str", "online": "bool", "online_cheating": "bool", "other_in_hand": "bool", "other_seat": "int",
        "other_seat_text": "str",
        "reported_after_hand": "bool", "hand_note": "str",
        "same_offence": "bool", "small_blinds_while_away": "int", "big_blinds_while_away": "int",
        "antes_while_away": "int", "may_be_blinded_out": "bool", "first_offence": "str", "penalty_steps": "int",
        "chosen_by_floor": "bool", "ladder_step": "str", "ladder_penalty": "str", "against_ladder": "str",
    },
    "count": {
        "acted": "bool", "all_in": "bool", "by": "str", "call_to": "int", "change": "int",
        "chips_to_add": "int", "count_too_high": "bool", "count_too_low": "bool", "count_wrong": "bool",
        "real": "int", "seat": "int", "stack": "int", "told": "int",
    },
    "deal_error": {
        "actions_in_turn": "int", "ante": "int", "before_cutoff": "bool", "big_blind": "int", "button": "int",
        "button_short": "bool", "card": "str", "cards_due": "int", "cards_held": "int", "cutoff": "str",
        "cutoff_words": "str", "error": "str", "extra_cards": "int", "family": "str", "format": "str",
        "found_in": "str", "is_button": "bool", "missing_cards": "int", "past_cutoff": "bool",
        "players_acted": "int", "posted": "str", "posted_total": "int", "returned": "str",
        "returned_total": "int", "seat": "int", "seat_acted": "bool", "seat_chips": "int",
        "seat_posted": "int", "small_blind": "int", "substantial_action": "bool", "too_few": "bool",
        "too_many": "bool", "tournament": "bool", "wrong_count_misdeal_cause": "bool",
    },
    "deal_proposal": {
        "agreeing": "str", "all_agree": "bool", "declined": "bool", "declining": "str", "director_approved":
        "bool", "format": "str", "tournament": "bool", "players": "int",
    },
    "deck_change": {
        "cash_game": "bool", "format": "str", "room_allows": "bool", "seat": "int", "tournament": "bool",
    },
    "draw_question": {
        "asks": "str", "before_draw": "bool", "big_blind": "int", "facing_only_blind": "bool", "family": "str",
        "seat": "int", "single_draw": "bool", "to_call": "int", "variant": "str",
    },
    "draw_stub_short": {
        "burn_cards": "int", "burn_exposed": "bool", "burn_first": "bool", "burns_complete": "bool",
        "cards_needed": "int", "cash_game": "bool", "format": "str", "last_card_completes": "bool",
        "new_stub_cards": "int", "stub_cards": "int", "tournament": "bool", "with_muck": "bool",
    },
    "exposed_card": {
        "action_pending": "bool", "actions_in_turn": "int", "ante": "int", "before_cutoff": "bool",
        "big_blind": "int", "button": "int", "by": "str", "cards": "str", "count": "int", "cutoff": "str",
        "cutoff_words": "str", "family": "str", "first_two": "bool", "flop_game": "bool", "format": "str",
        "misdeal_exposure": "bool", "past_cutoff": "bool", "players_acted": "int", "posted": "str",
        "posted_total": "int", "replace_as_burn": "bool", "returned": "str", "returned_total": "int",
        "seat": "int", "seat_folded": "bool", "seat_live": "bool", "small_blind": "int",
        "stud_single_downcard": "bool", "substantial_action": "bool", "tournament": "bool",
    },
    "flop_without_burn": {
        "action_on_flop": "bool", "cards": "str", "family": "str", "flop_actions": "int", "format": "str",
        "no_action_on_flop": "bool", "tournament": "bool",
    },
    "forced_bet_question": {
        "ante_posted_by": "str", "ante_posters": "int", "counts_toward_call": "int", "current_bet": "int",
        "dead_money_total": "int", "family": "str", "format": "str", "is_ante": "bool", "live": "bool",
        "post": "str", "posted": "int", "seat": "int", "to_call": "int", "tournament": "bool",
    },
    "fouled_deck": {
        "actions_in_turn": "int", "before_cutoff": "bool", "card": "str", "cutoff": "str",
        "cutoff_words": "str", "discovered": "str", "family": "str", "format": "str", "hand_over": "bool",
        "past_cutoff": "bool", "players_acted": "int", "pot": "int", "returned": "str",
        "returned_total": "int", "seats_refunded": "int", "substantial_action": "bool", "tournament": "bool",
        "where": "str", "within_dispute_window": "bool",
    },
    "four_card_flop": {
        "card_count": "int", "cards": "str", "exposed": "bool", "family": "str", "format": "str",
        "tournament": "bool",
    },
    "hand": {
        "actions_in_turn": "int", "bets_this_round": "int", "betting": "str", "big_blind": "int",
        "cap_reached": "bool", "current_bet": "int", "family": "str", "format": "str", "heads_up": "bool",
        "min_bet": "int", "players_in_hand": "int", "players_left_in_event": "int", "pot": "int",
        "preflop": "bool", "raised_this_round": "bool", "street": "str", "street_index": "int",
        "substantial_action": "bool", "variant": "str",
    },
    "hand_for_hand_all_in": {
        "all_in_called": "bool", "format": "str", "tournament": "bool", "instructed": "bool", "players_in_hand": "int",
    },
    "leave_game": {
        "cash_game": "bool", "chips": "int", "chips_in_pot": "int", "format": "str", "live_hand": "bool",
        "mid_hand": "bool", "return_minutes": "int", "seat": "int", "tournament": "bool",
    },
    "lost_chips": {"amount": "int", "format": "str", "owner": "int", "owner_known": "bool", "tournament": "bool"},
    "missed_blinds": {
        "big_blind_live": "int", "big_blind_missed": "bool", "family": "str", "format": "str",
        "live_total": "int", "missed": "str", "missed_small_blind": "str", "seat": "int",
        "small_blind_dead": "int", "small_blind_live": "int", "small_blind_missed": "bool",
        "total_posted": "int", "tournament": "bool",
    },
    "new_player": {
        "between_button_and_small_blind": "bool", "big_blind_seat": "int", "button": "int", "family": "str",
        "format": "str", "hands_until_big_blind": "int", "may_be_dealt_in": "bool", "post_amount": "int",
        "seat": "int", "small_blind_seat": "int", "stack": "int", "tournament": "bool",
        "dead_small_blind": "bool", "on_button": "bool", "takes_small_blind": "bool", "small_blind_amount": "int",
        "waits": "bool", "wait_reason": "str",
    },
    "next_hand_button": {
        "becoming_heads_up": "bool", "big_blind": "int", "big_blind_amount": "int", "button": "int",
        "button_jumped": "bool", "dead_button": "bool", "dead_small_blind": "bool", "family": "str",
        "first_postflop": "int", "first_preflop": "int", "format": "str", "heads_up": "bool", "leaving": "str",
        "moving": "bool", "notes": "str", "players_next_hand": "int", "procedure": "str",
        "small_blind": "int", "small_blind_amount": "int", "small_blind_text": "str", "this_big_blind": "int",
        "this_button": "int",
        "this_small_blind": "int", "tournament": "bool", "unjumped_button": "int",
    },
    "not_at_seat": {
        "away": "bool", "chips_in": "int", "family": "str", "format": "str", "posted": "int", "seat": "int",
        "tournament": "bool", "within_reach": "bool",
    },
    "online_account": {
        "cash_game": "bool", "format": "str", "seat": "int", "tournament": "bool", "violation": "str",
    },
    "online_timeout": {
        "bank_left": "bool", "cash_game": "bool", "cause": "str", "disconnected": "bool", "facing_bet": "bool",
        "format": "str", "protected": "bool", "seat": "int", "time_bank_left": "int", "timed_out": "bool",
        "to_call": "int", "tournament": "bool",
    },
    "oot": {
        "action_changed": "bool", "actions_out_of_turn": "int", "backed_up_actions": "int", "betting": "str",
        "between_seats": "str", "changed_by": "int", "facing_after": "int", "facing_after_text": "str",
        "facing_before": "int", "facing_before_text": "str", "heads_up": "bool", "min_raise_after": "int",
        "oot_action": "str", "oot_amount": "int", "oot_check": "bool", "oot_chips": "int", "oot_fold": "bool",
        "oot_puts_chips": "bool", "oot_text": "str", "oot_wager": "bool", "no_turn_left": "bool", "pending": "bool", "players_in_hand": "int",
        "resolved": "bool", "sa_out_of_turn": "bool", "seat": "int", "seats_between": "int", "skipped": "int",
        "spoke_up": "bool", "street": "str", "to_call_after": "int", "to_call_before": "int",
    },
    "partial_table": {
        "all_shown": "bool", "at_showdown": "bool", "board_plays": "bool", "claim": "str",
        "claims_board": "bool", "hole_count": "int", "missing": "int", "seat": "int", "shown_count": "int",
    },
    "penalty": {
        "cash_game": "bool", "chips_forfeited": "int", "forced_bets_per_round": "int", "warning_reason": "str",
        "forced_bets_while_away": "int", "format": "str", "hands_missed": "int", "level": "int", "next_step": "str",
        "penalty": "str", "penalty_type": "str", "prior_penalties": "int", "prior_warnings": "int", "repeat": "bool",
        "rounds": "int", "seat": "int", "seats_at_table": "int", "severity": "str", "stack": "int", "starts": "str",
        "served": "str",
        "step": "str", "tournament": "bool", "units": "int", "while_away": "str", "count": "int",
        "same_offence": "bool", "small_blinds_while_away": "int", "big_blinds_while_away": "int",
        "antes_while_away": "int", "may_be_blinded_out": "bool", "first_offence": "str", "penalty_steps": "int",
        "chosen_by_floor": "bool", "ladder_step": "str", "ladder_penalty": "str", "against_ladder": "str",
    },
    "new_game_seating": {
        "choice_rule": "str", "claimant": "int", "format": "str", "seat_goes_to": "int", "seated": "int",
        "seated_higher_on_list": "bool", "seated_keeps": "bool", "tournament": "bool",
    },
    "fold_words": {
        "acted_on": "bool", "cards": "str", "conditional": "bool", "facing_bet": "bool", "format": "str",
        "next_acted": "bool", "no_bet_note": "str", "released": "bool", "said": "str", "said_fold": "bool",
        "seat": "int", "to_call": "int", "tournament": "bool",
    },
    "shot_clock": {
        "expired": "bool", "extension_seconds": "int", "extension_used": "bool", "extensions": "int",
        "extensions_after": "int", "first_action": "bool", "first_action_seconds": "int", "format": "str",
        "later_seconds": "int", "seat": "int", "seconds": "int", "time_up": "bool", "to_call": "int",
        "tournament": "bool",
    },
    "play_over": {
        "allowed": "bool", "cash_game": "bool", "chips": "int", "format": "str", "room_allows": "bool",
        "seat": "int", "tournament": "bool",
    },
    "pot_count_error": {
        "actions_after": "int", "bet_to": "int", "caller_count": "int", "callers": "str", "count_said": "int",
        "difference": "int", "folds": "int", "found": "str", "high_correctable": "bool",
        "low_correctable": "bool", "pot_before": "int", "pot_to": "int", "seat": "int", "street": "str",
        "substantial_action_after": "bool", "too_high": "bool", "too_low": "bool",
    },
    "premature_board": {
        "betting_open": "bool", "betting_over": "bool", "betting_street": "str", "burned": "bool",
        "card_count": "int", "cards": "str", "family": "str", "format": "str", "street": "str",
        "to_act": "int", "tournament": "bool",
    },
    "procedure_question": {
        "big_blind": "int", "board_cards": "int", "burns": "int", "cards_dealt": "int", "cards_each": "int",
        "cutter_seat": "int", "family": "str", "first_seat": "int", "format": "str", "home_game": "bool",
        "last_seat": "int", "players": "int", "small_blind": "int", "topic": "str", "tournament": "bool",
        "variant": "str",
    },
    "question": {
        "about": "int", "about_all_in": "bool", "about_bet_to": "int", "about_stack": "int", "acted": "bool",
        "all_in_to": "int", "asks": "str", "bet_open": "bool", "bet_size": "int", "bets_and_raises": "int",
        "betting": "str", "big_bet_game": "bool", "by": "str", "call_to": "int", "cap_count_reached": "bool",
        "cap_lifted": "bool", "cap_reached": "bool", "cap_reason": "str", "cash_plays": "bool",
        "chips_beyond_call": "bool", "current_bet": "int", "exact": "bool", "exact_count_allowed": "bool",
        "exact_count_only_facing_all_in": "bool", "faced_since_acted": "int", "facing_all_in": "bool",
        "facing_bet": "bool", "fixed_limit": "bool", "format": "str", "heads_up": "bool", "in_turn": "bool",
        "last_full_raise": "int", "main_pot": "int", "max_to": "int", "min_bet": "int",
        "min_raise_all_in": "bool", "min_raise_to": "int", "others_can_act": "bool", "owed": "int",
        "pl_call": "int", "pl_max_to": "int", "pl_pot": "int", "pl_pot_after_call": "int",
        "pl_raise_by": "int", "players_in_hand": "int", "players_left_in_event": "int", "pot": "int",
        "pot_limit": "bool", "pots_text": "str", "preflop": "bool", "raise_allowed": "bool",
        "raise_by": "int", "raise_cap": "int", "raise_impossible": "bool", "raise_impossible_why": "str",
        "reopen_needed": "int", "reopened": "bool", "returned": "int", "returned_to": "int", "seat": "int",
        "short_of_call": "bool", "side_pot_count": "int", "side_pots_total": "int", "stack": "int",
        "street": "str", "street_bet": "int", "to_act": "int", "to_call": "int", "uncalled": "bool",
    },
    "rabbit_hunt": {
        "allowed": "bool", "cards_not_dealt": "int", "cards_to_come": "str", "cash_game": "bool", "format": "str",
        "hand_over": "bool", "room_allows": "bool", "seat": "int", "tournament": "bool",
    },
    "rake": {
        "allowed": "int", "cap": "int", "cash_game": "bool", "format": "str", "over_posted": "bool", "percent": "int",
        "pot": "int", "refund": "int", "seat": "int", "taken": "int", "tournament": "bool",
    },
    "ranking_question": {
        "beaten_card": "str", "beaten_category": "str", "beaten_hand": "str", "beaten_seat": "int",
        "best_category": "str", "best_hand": "str", "decided_by": "str", "deciding_card": "str", "deck_cards": "int",
        "family": "str", "flush_beats_full": "bool", "low_game": "bool", "lowest_card": "str",
        "lowest_card_seat": "int", "lowest_straight_beaten": "bool", "odd_chip": "int", "odd_chip_seat": "int",
        "odd_chip_text": "str", "players": "int", "seats": "str", "split": "bool", "suit_order": "str",
        "suits_break_ties": "bool",
        "variant": "str", "winner": "int", "winners": "str",
    },
    "rebuy_request": {
        "allowed": "bool", "chips": "int", "declared_before_hand": "bool", "format": "str", "tournament":
        "bool", "kind": "str", "offered": "bool", "period_open": "bool", "seat": "int", "stack": "int",
        "stack_after": "int", "timing": "str", "re_entry_with_chips": "bool", "chips_forfeited": "int",
    },
    "run_it_twice": {
        "agreed_count": "int", "all_agree": "bool", "cards_to_come": "int", "cash_game": "bool", "each_run": "int",
        "format": "str", "holdout": "int", "involved": "int", "odd_chips": "int", "permitted": "bool", "pot": "int",
        "room_allows": "bool", "tournament": "bool",
    },
    "seat_change": {
        "cash_game": "bool", "claimant": "int", "claimant_first": "bool", "claimant_position": "int",
        "claimed": "bool", "first_waiting": "int", "format": "str", "kind": "str", "list_length": "int",
        "must_move": "bool", "open_seat": "int", "tournament": "bool",
    },
    "show_request": {
        "asker_called_river": "bool", "asker_dealt_in": "bool", "asker_retains": "bool",
        "asker_status": "str", "at_showdown": "bool", "last_aggressor": "int", "paid_to_see": "bool",
        "river_bet": "bool", "seat": "int", "target": "int", "target_called": "bool",
        "target_last_aggressor": "bool", "target_mucked": "bool", "target_status": "str",
    },
    "showdown": {
        "all_in": "bool", "all_in_betting_open": "bool", "all_in_face_up_now": "bool", "all_in_seats": "str",
        "asks": "str", "at_showdown": "bool", "award_order": "str", "award_plan": "str", "award_text": "str",
        "awards_known": "bool", "betting_complete": "bool", "family": "str", "final_round_bet": "bool",
        "first_to_act_basis": "str", "first_to_show": "int", "hi_lo": "bool", "last_aggressor": "int",
        "live_seats": "str", "losing_hands": "int", "low_qualified": "bool", "main_pot": "int",
        "no_low_scoop": "bool",
        "odd_chip": "int", "odd_chip_basis": "str", "odd_chip_seat": "int", "players": "int",
        "pot_total": "int", "pots": "int", "pots_note": "str", "show_order": "str", "side_pots": "int",
        "split": "bool", "street": "str", "variant": "str", "winners": "str", "winning_hand": "str",
        "odd_chip_words": "str",
    },
    "showdown_hand": {
        "all_in_showdown": "bool", "at_showdown": "bool", "betting_complete": "bool", "cards_known": "bool",
        "cause": "str", "chips_in_pot": "int", "hand_name": "str", "incident": "str", "pot": "int",
        "pot_goes_to": "str", "retrievable": "bool", "seat": "int", "seat_all_in": "bool", "tabled": "bool",
        "touched_muck": "bool", "uncalled_return": "int", "uncalled_step": "str", "where": "str",
        "would_win": "bool", "would_win_note": "str",
    },
    "showdown_verbal": {
        "at_showdown": "bool", "claimed": "str", "deliberate": "bool", "misled_mucked": "bool",
        "misled_seat": "int", "said": "str", "said_text": "str", "seat": "int", "speaker_hand": "str",
        "speaker_live": "bool", "speaker_wins": "bool", "winner": "str",
    },
    "shown_cards": {
        "audience": "str", "during_hand": "bool", "penalty_note": "str", "penalty_possible": "bool",
        "seat": "int", "show_now": "bool", "show_when": "str", "to_player_in_hand": "bool", "to_seat": "int",
        "tournament": "bool", "when": "str",
    },
    "simultaneous_eliminations": {
        "announcement_hand": "bool", "ante_paid": "int", "any_tie": "bool", "best_place": "int", "busted":
        "int", "counted_after_ante": "bool", "format": "str", "tournament": "bool", "order": "str",
        "players_left": "int", "prize_remainder": "int", "prizes_known": "bool", "seat_1_place": "int",
        "seat_2_place": "int", "seat_3_place": "int", "seat_4_place": "int", "seat_5_place": "int",
        "seat_6_place": "int", "seat_7_place": "int", "seat_8_place": "int", "seat_9_place": "int",
        "seat_10_place": "int", "seat_1_prize": "int", "seat_2_prize": "int", "seat_3_prize": "int",
        "seat_4_prize": "int", "seat_5_prize": "int", "seat_6_prize": "int", "seat_7_prize": "int",
        "seat_8_prize": "int", "seat_9_prize": "int", "seat_10_prize": "int", "share_prize": "bool",
        "worst_place": "int",
    },
    "sit_out": {
        "cash_game": "bool", "format": "str", "hands_missed": "int", "missed": "str", "online": "bool",
        "over_limit": "bool", "owes_blinds": "bool", "post_dead": "int", "post_live": "int",
        "post_total": "int", "removal_after": "int", "seat": "int", "tournament": "bool",
    },
    "stakes": {
        "added": "int", "all_in_to": "int", "cash_game": "bool", "format": "str", "in_turn": "bool",
        "main_pot": "int", "mid_hand": "bool", "owed": "int", "pots_text": "str", "returned": "int",
        "returned_to": "int", "seat": "int", "short_of_call": "bool", "shortfall": "int",
        "side_pot_count": "int", "side_pots_total": "int", "starting_stack": "int", "street_bet": "int",
        "table_max": "int", "over_table_max": "bool", "may_add": "int", "excess": "int",
        "table_chips": "int",
    },
    "straddle": {
        "allowed_by_room": "bool", "big_blind": "int", "family": "str", "first_to_act": "int", "format": "str",
        "min_raise_to": "int", "seat": "int", "straddle": "int", "tournament": "bool",
    },
    "stub_dropped": {
        "cash_game": "bool", "discards": "int", "format": "str", "mixed_with_discards": "bool",
        "new_stub_cards": "int", "reconstructable": "bool", "stub_cards": "int", "tournament": "bool",
    },
    "stud_irregularity": {
        "action_remains": "bool", "betting_open": "bool", "burns_mixed": "bool", "facing_action": "bool",
        "kind": "str", "players": "int", "prior_burns": "int", "required_cards": "int", "seat": "int",
        "street": "str", "stub_cards": "int", "stub_plan": "str", "stub_short": "bool", "to_call": "int",
        "variant": "str", "extra_identified": "bool",
    },
    "stud_question": {
        "asks": "str", "bet_allowed": "int", "big_bet": "int", "big_bet_allowed": "bool", "bring_in_amount": "int",
        "bring_in_card": "str", "bring_in_seat": "int", "first_showing": "str", "first_to_act": "int",
        "low_card_all_in": "bool", "low_card_seat": "int", "open_pair": "bool", "open_pair_seat": "int",
        "razz": "bool", "showing_tie": "bool", "small_bet": "int", "street": "str", "tie_broken_by": "str",
        "tied_seats": "str", "upcards": "str", "variant": "str",
    },
    "table_balance": {
        "format": "str", "tournament": "bool", "gap": "int", "halt_short_table": "bool", "move_needed":
        "bool", "players_here": "int", "seat_to_move": "int", "short_table_players": "int",
    },
    "table_break": {
        "absent": "str", "absent_count": "int", "format": "str", "tournament": "bool", "players": "int",
    },
    "token_bet": {
        "all_in_to": "int", "call_to": "int", "facing_bet": "bool", "format": "str", "item": "str",
        "pushed_forward": "bool", "seat": "int", "stack": "int", "to_call": "int", "tournament": "bool",
    },
    "under_raise": {
        "actions_after": "int", "betting": "str", "caller_count": "int", "callers": "str",
        "correctable": "bool", "corrected_to": "int", "folds": "int", "found": "str", "kind": "str",
        "legal_to": "int", "opening": "bool", "seat": "int", "short_by": "int", "street": "str",
        "substantial_action_after": "bool", "to": "int",
    },
    "visibility": {
        "amount": "int", "at_table": "bool", "cash_game": "bool", "format": "str",
        "large_denomination": "bool", "seat": "int", "stack": "int", "where": "str",
    },
    "wager": {
        "act_all_in_allowed": "bool", "act_all_in_call_short": "bool", "act_bet_to": "int",
        "act_call_all_in": "bool", "act_call_change": "int",
        "act_call_chips_to_add": "int", "act_closed_why": "str", "act_faced_since_acted": "int",
        "act_facing_opening_bet": "bool", "act_first_undercall": "bool", "act_first_undercaller": "int",
        "act_heads_up": "bool", "act_later_undercall": "bool", "act_opening_bet": "int",
        "act_over_pot_max": "bool", "act_pl_change": "int", "act_pl_chips_to_add": "int",
        "act_pl_max_to": "int", "act_pot_limit": "bool", "act_raise_closed_declared": "bool",
        "act_raise_declared": "bool", "act_reopen_needed": "int", "act_undercall": "bool",
        "act_undercall_change": "int", "act_undercall_count": "int", "act_undercall_discretion": "bool",
        "act_undercall_forfeit": "int", "act_undercall_full_call": "bool", "act_word_binds_as": "str",
        "all_in_to": "int",
        "amount_said": "int", "amount_said_to": "int", "behind": "int", "call_amount": "int",
        "came_back_in_turn": "bool", "cap_reached": "bool", "cap_to": "int", "chip_count": "int", "chip_value": "int",
        "chips_behind": "bool", "chips_total": "int", "covers_call": "bool", "current_bet": "int",
        "decided_by": "str", "declared": "str", "every_chip_needed": "bool", "extra": "int",
        "facing_bet": "bool", "first_motion_calls": "bool", "first_motion_to": "int",
        "first_motion_total": "int", "fm_chip_count": "int", "fm_every_chip_needed": "bool",
        "fm_full_raise_met": "bool", "fm_half_raise_met": "bool", "fm_raise_percent": "int", "fm_over_call": "bool",
        "fm_raise_attempt": "bool", "fm_raises": "bool", "fm_to": "int", "fm_total": "int",
        "full_raise_met": "bool", "raise_percent": "int", "has_chips": "bool",
        "has_prior_chips": "bool", "in_question": "bool", "in_turn": "bool", "judged_together": "bool",
        "raise_by": "bool",
        "last_chips": "bool",
        "last_full_raise": "int", "later_motions_total": "int", "live_bet": "int", "max_raise_to": "int",
        "may_raise": "bool", "min_bet": "int", "min_raise_to": "int", "motions": "int",
        "multi_motion": "bool", "new_chip_count": "int", "new_chips_total": "int", "no_bet_yet": "bool",
        "opening_legal": "bool", "others_can_act": "bool", "over_call": "bool", "over_max": "bool",
        "oversized_single_chip": "bool", "pot": "int", "prior_chips_total": "int",
        "prior_covers_call": "bool", "prior_fully_pulled": "bool", "prior_in_front": "int",
        "prior_left_alone": "bool", "prior_partly_pulled": "bool", "pulled_back_total": "int",
        "push_to": "int", "raise_closed_reason": "str", "reopened": "bool", "restricted_by": "str", "restricted_words": "str", "breaks_restriction": "bool",
        "said_amount": "bool", "said_word": "str",
        "said_covers_call": "bool", "said_extra": "int", "said_forces_raise": "bool",
        "said_full_raise_met": "bool", "said_half_raise_met": "bool", "said_raise_percent": "int", "said_is_call": "bool",
        "said_raises": "bool", "said_to": "int", "seat": "int", "silent": "bool", "single_chip": "bool",
        "skipped_seat": "int", "smallest_chip": "int", "speech": "str", "stack": "int", "stack_after": "int", "street_bet": "int",
        "tiny_push": "bool", "tiny_push_percent": "int", "to_call": "int", "unclear": "bool",
        "unclear_legal_from": "int", "unclear_reading": "int", "unclear_reading_in_pot": "bool", "under_call": "bool",
        "wanted_change": "bool",
    },
    "wrong_button": {
        "actions_in_turn": "int", "ante": "int", "before_cutoff": "bool", "big_blind": "int", "button": "int",
        "correct_big_blind_seat": "int", "correct_button": "int", "correct_small_blind_seat": "int",
        "cutoff": "str", "cutoff_words": "str", "family": "str", "format": "str", "past_cutoff": "bool",
        "players_acted": "int", "posted": "str", "posted_total": "int", "returned": "str",
        "returned_total": "int", "small_blind": "int", "substantial_action": "bool", "tournament": "bool",
    },
    "wrong_level": {
        "actions_in_turn": "int", "ante_posted": "int", "ante_to_add": "int", "before_cutoff": "bool",
        "big_blind_posted": "int", "big_blind_seat": "int", "big_blind_to_add": "int", "correct_ante": "int",
        "correct_big_blind": "int", "correct_small_blind": "int", "cutoff": "str", "cutoff_words": "str",
        "family": "str", "format": "str", "past_cutoff": "bool", "players_acted": "int",
        "small_blind_posted": "int", "small_blind_seat": "int", "small_blind_to_add": "int",
        "substantial_action": "bool", "tournament": "bool",
    },
    "wrong_seat": {
        "assigned_elsewhere": "bool", "assigned_seat": "int", "format": "str", "tournament": "bool", "seat":
        "int", "stack": "int",
    },
}

# Fields a builder emits only in some situations (none today); the emitted-fields test allows
# them to be missing.
OPTIONAL_FIELDS: dict[str, frozenset[str]] = {}

PROFILE_FIELDS: dict[str, Kind] = {"name": "str"}
DERIVED_FIELDS: dict[str, Kind] = {"name": "str", "because": "str"}
_OPTION_KIND = {"bool": "bool", "int": "int", "choice": "str"}


class OptionKind(Protocol):
    """What the engine reads of a room option's declaration (the rulebook's OptionSpec)."""
    @property
    def kind(self) -> str: ...


def profile_fields(option_specs: Mapping[str, OptionKind]) -> dict[str, Kind]:
    """The `profile` fact: its name, and one field per declared room option."""
    return {**PROFILE_FIELDS, **{name: _OPTION_KIND[spec.kind] for name, spec in option_specs.items()}}


def fact_fields(option_specs: Mapping[str, OptionKind], derives: Iterable[Mapping[str, object]] = ()) \
        -> dict[str, dict[str, Kind]]:
    """Every fact type -> {field: kind}, without `type` and `id`: the built facts, the profile
    (from the option declarations), and the derived facts (from the rules' `derive:` blocks, a
    field's kind is that of a literal; a copied field takes the kind of its source)."""
    table = {fact: dict(fields) for fact, fields in FACT_FIELDS.items()}
    table["profile"] = profile_fields(option_specs)
    for derive in derives:
        fact = str(derive.get("fact", "derived"))
        fields = table.setdefault(fact, dict(DERIVED_FIELDS))
        for key, value in derive.items():
            if key != "fact" and key not in fields:
                fields[key] = _kind_of(value)
    return table


def _kind_of(value: object) -> Kind:
    if isinstance(value, bool):
        return "bool"
    if isinstance(value, int):
        return "int"
    return "str"       # a literal string, or a '@alias.field' copy whose kind the compiler checks

