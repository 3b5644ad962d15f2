"""Dealer training: quiz questions generated from templates and real hands, answered by the engine."""

from floorman.training.families import MISTAKES
from floorman.training.generator import TOPICS, bundled_set, generate, grade
from floorman.training.question import Answer, Choice, Grade, Question

__all__ = ["TOPICS", "MISTAKES", "Answer", "Choice", "Grade", "Question", "bundled_set", "generate", "grade"]
