"""`floorman serve`: a dealer-school class in the browser, over floorman.classroom.

    server.py      bind, say where to go, run uvicorn (the serve extra is imported only here)
    app.py         the routes: trainees' pages, the trainer's pages, POST /api/rule
    room.py        what the running server holds: token, form secret, questions, the engine's thread
    guard.py       CSRF tokens, the trainer's token, capped bodies, safety headers
    pages.py       the Jinja2 templates (autoescaped), and each question's fragments drawn once
    drawing.py     the table and bar charts as SVG geometry
    ruling_api.py  a JSON scenario ruled as `floorman rule --json` rules a file
    templates/, static/   the pages, one stylesheet and one small script: no CDN, no network
"""
