"""A dealer-school class: a trainer makes a class of quiz questions, trainees join it with a short
code and a name, answer one question at a time, and the trainer follows the results.

This package is the class's logic and its file, with no web code in it (floorman/serve/ is the
web app over it):

    checks.py   what may be typed: class code, name, answer, the class's options
    lessons.py  the class's questions, made once (quiz questions as JSON), and marking an answer
    schema.py   the class file's SQLite schema and migrations (the journal's style, its own file)
    store.py    ClassBook: classes, questions, trainees and answers in that file
    results.py  per trainee, per topic, most missed; export as CSV and JSON
    history.py  `floorman quiz stats` over the journal's answers and the class file's
"""

from floorman.classroom.checks import BadInput, ClassOptions
from floorman.classroom.schema import ClassFileError
from floorman.classroom.store import ClassBook, ClassConflict, UnknownClass, classes_path

__all__ = ["BadInput", "ClassBook", "ClassConflict", "ClassFileError", "ClassOptions", "UnknownClass",
           "classes_path"]
