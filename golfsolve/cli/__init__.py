"""The golfsolve command line: parse, call the library, print. ``app`` holds the group and the
entry point, ``commands/`` one module per command, ``streams`` the output streams and exit
statuses, ``inputs`` what the arguments name, ``wording`` library errors in the options' words,
``render/`` the text and JSON shapes."""

from golfsolve.cli.app import main, run
from golfsolve.cli.streams import fit_text_stream

__all__ = ["fit_text_stream", "main", "run"]
