"""Pictures of the game: a board as an SVG drawing (``board.board_svg``, what ``show --format
svg`` writes and what ``Deal`` and ``Position`` show in Jupyter) and a solution as one HTML page
that steps through it (``page.solution_page``, what ``solve --format html`` writes;
``page.solution_html``, the part of it a ``Solution`` shows in Jupyter).

Plain strings, self-contained: no font, image, style sheet or script is fetched from anywhere,
so that a page opens from a file and a drawing can be mailed. ``svg.py`` writes the elements,
``cards.py`` draws one card, ``board.py`` lays out a board, ``page.py`` builds the page.
Nothing here imports numba or numpy.
"""
