"""The CLI's two kinds of failure, each printed on one line: bad input (exit status 2), and
output that could not be written once the work had begun (exit status 1)."""


class InputError(ValueError):
    """Input golfsolve cannot use; the message says what is wrong and where."""


class OutputError(OSError):
    """Output that could not be written part way (a full disk, a reader gone); the message
    names the file and why."""
