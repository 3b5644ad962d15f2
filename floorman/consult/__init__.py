"""Consultation: `floorman ask`. A few words -> the dispute -> only the questions its candidate
rules need (rulebook/questions.yaml) -> a hand built with the shared builder -> a ruling.
Pure: no terminal here (floorman/cli/ask_command.py is the loop)."""

from floorman.consult.consultation import Consultation, Match, Question, rank
from floorman.consult.questions import BadAnswer, load_questions

__all__ = ["BadAnswer", "Consultation", "Match", "Question", "load_questions", "rank"]
