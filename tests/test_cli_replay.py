"""`floorman replay`, run in-process: exit codes, key output lines, JSON, and one-line errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from floorman.cli.app import app, sample_path

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data" / "phh"
runner = CliRunner(env={"COLUMNS": "120", "NO_COLOR": "1"})


def test_the_sample_is_bundled_package_data_with_its_licence():
    path = sample_path()
    assert path.is_file() and path.parent.name == "data"
    text = path.read_text()
    assert "MIT License" in text and "University of Toronto Computer Poker Research Group" in text


def test_replay_sample_shows_table_action_board_pots_hands_and_net():
    result = runner.invoke(app, ["replay", "--sample"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "No-limit Texas hold'em" in out and "blinds 1,000/2,000, ante 500" in out
    assert "Phil Ivey" in out and "Tom Dwan" in out and "BTN" in out
    assert "Pre-flop" in out and "Flop  Jc 3d 5c" in out and "Turn  4h" in out and "River  Jh" in out
    assert "seat 3 Tom Dwan raises to 232,600" in out
    assert "seat 1 Phil Ivey raises to 1,067,100 (all-in)" in out
    assert "seat 3 Tom Dwan calls 262,400 (all-in)" in out
    assert "Board  Jc 3d 5c 4h Jh" in out
    assert "straight, five high" in out and "straight, seven high" in out
    assert "Uncalled bet of 572,100 returned to seat 1 Phil Ivey" in out
    assert "main pot" in out and "1,109,500" in out
    assert "+556,000" in out and "-553,500" in out


def test_replay_json_has_pots_hands_and_net_results():
    result = runner.invoke(app, ["replay", "--sample", "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["variant"] == "NT" and document["table"]["button"] == 3
    assert document["board"] == ["Jc", "3d", "5c", "4h", "Jh"]
    [pot] = document["pots"]
    assert pot == {"name": "main pot", "amount": 1109500, "eligible": [1, 3], "winners": [3],
                   "winners_low": [], "shares": {"3": 1109500}}
    assert document["uncalled"] == {"seat": 1, "amount": 572100}
    assert document["net"] == {"1": -553500, "2": -2500, "3": 556000}
    hands = {h["seat"]: h for h in document["hands"]}
    assert hands[3]["high"]["best_five"] == ["7h", "6h", "5c", "4h", "3d"]
    raise_ = next(a for a in document["actions"] if a.get("to") == 232600)
    assert raise_["street"] == "turn" and raise_["action"] == "raise" and raise_["player"] == "Tom Dwan"
    assert document["irregularities"] == [] and document["warnings"] == []


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / name
    path.write_text(text)
    return str(path)


HAND = """variant = 'NT'
antes = [0.25, 0.25, 0.25]
blinds_or_straddles = [0.50, 1, 0]
min_bet = 1
starting_stacks = [100, 80, 60.50]
actions = ['d dh p1 AsKs', 'd dh p2 QdQc', 'd dh p3 ????', 'p3 f', 'p1 cbr 3', 'p2 cbr 9.50', 'p1 cc',
  'd db 2d3d4d', 'p1 cc', 'p2 cbr 12', 'p1 f']
"""


def test_replay_a_file_and_choose_a_hand_of_a_phhs(tmp_path):
    path = write(tmp_path, "two.phhs", f"[1]\n{HAND}\n[2]\n{HAND.replace('80,', '90,')}")
    result = runner.invoke(app, ["replay", path, "--hand", "2"])
    assert result.exit_code == 0, result.output
    assert "(hand 2 of 2)" in result.output and "90.00" in result.output
    assert "raises to 9.50" in result.output and "bets 12.00" in result.output
    assert "Uncalled bet of 12.00 returned to seat 2" in result.output
    result = runner.invoke(app, ["replay", path, "--hand", "3"])
    assert result.exit_code == 1
    assert result.output.strip() == f"Error: {path}: --hand: no hand 3 in the file (it has 2: [1]..[2])"


def test_a_malformed_file_is_one_error_line_naming_file_line_section_and_action(tmp_path):
    path = write(tmp_path, "bad.phhs", "[1]\n" + HAND.replace("'p1 cbr 3'", "'p1 cbr three'"))
    result = runner.invoke(app, ["replay", path])
    assert result.exit_code == 1
    assert result.output.strip() == (f"Error: {path}:7: [1] actions[4]: 'p1 cbr three': 'three' is not an "
                                     f"amount")
    assert "Traceback" not in result.output


def test_invalid_toml_and_missing_fields_are_one_line_errors(tmp_path):
    path = write(tmp_path, "broken.phh", "variant = 'NT'\nantes = [0, 0\n")
    result = runner.invoke(app, ["replay", path])
    assert result.exit_code == 1 and result.output.startswith(f"Error: {path}") and "not valid TOML" in result.output
    path = write(tmp_path, "short.phh", HAND.replace("min_bet = 1\n", ""))
    result = runner.invoke(app, ["replay", path])
    assert result.exit_code == 1
    assert result.output.strip() == f"Error: {path}: min_bet: missing (the NT game needs it)"
    result = runner.invoke(app, ["replay", str(tmp_path / "nowhere.phh")])
    assert result.exit_code == 1 and result.output.strip() == f"Error: {tmp_path / 'nowhere.phh'}: no such file"


def test_file_or_sample_is_required():
    result = runner.invoke(app, ["replay"])
    assert result.exit_code == 2 and "give a hand-history FILE or --sample" in result.output


def test_an_irregular_hand_is_reported_and_strict_makes_it_an_error(tmp_path):
    path = write(tmp_path, "turn.phh", HAND.replace("'p3 f', 'p1 cbr 3'", "'p1 cbr 3'"))
    result = runner.invoke(app, ["replay", path])
    assert result.exit_code == 0, result.output
    assert "Irregular (out-of-turn): actions[3] 'p1 cbr 3': seat 1 acted out of turn: seat 3 is to act" in (
        " ".join(result.output.split()))
    result = runner.invoke(app, ["replay", path, "--strict"])
    assert result.exit_code == 1
    assert result.output.strip() == (f"Error: {path}:6: actions[3]: 'p1 cbr 3': seat 1 acted out of turn: "
                                     f"seat 3 is to act")


def test_a_site_departure_is_shown_as_a_warning_and_strict_refuses_it(tmp_path):
    path = write(tmp_path, "cap.phh", """variant = 'FT'
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
small_bet = 10
big_bet = 20
starting_stacks = [1000, 1000, 1000]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 20', 'p1 cbr 30', 'p2 cbr 40',
  'p3 cbr 50', 'p1 f', 'p2 f']
""")
    result = runner.invoke(app, ["replay", path])
    assert result.exit_code == 0, result.output
    assert "Site rule, not TDA: cap: actions[6] 'p3 cbr 50'" in result.output
    result = runner.invoke(app, ["replay", path, "--strict", "--json"])
    assert result.exit_code == 1 and "the betting is capped for this round" in result.output


@pytest.mark.skipif(not DATA.is_dir(), reason=f"the shared PHH hands are not at {DATA}")
def test_replay_a_real_stud_hi_lo_hand_with_a_side_pot():
    result = runner.invoke(app, ["replay", str(DATA / "wsop-2023-54.phhs"), "--hand", "1"])
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Fixed-limit seven-card stud hi-lo" in out and "Third street" in out and "Seventh street" in out
    assert "side pot 1" in out and "four of a kind, sixes" in out and "no low" in out


def test_python_dash_m_floorman_runs_the_app():
    result = subprocess.run([sys.executable, "-m", "floorman", "replay", "--sample", "--json"], cwd=ROOT,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["net"]["3"] == 556000


def test_replay_imports_neither_pokerkit_nor_rich_for_json():
    code = ("import sys; from floorman.cli.launch import main; sys.argv = ['floorman', 'replay', '--sample', "
            "'--json']\ntry:\n    main()\nexcept SystemExit:\n    pass\n"
            "print('LOADED', 'pokerkit' in sys.modules, 'rich' in sys.modules, file=sys.stderr)")
    result = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert "LOADED False False" in result.stderr, result.stderr
