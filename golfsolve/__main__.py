"""``python -m golfsolve``: the same as the golfsolve command."""

from .cli import main

main()
