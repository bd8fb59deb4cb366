"""``python -m golfsolve``: the same as the golfsolve command."""

from golfsolve.cli import main

main()
