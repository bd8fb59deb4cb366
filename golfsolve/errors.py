"""The one base class for bad input: the CLI prints its message on one line, exit status 2."""


class InputError(ValueError):
    """Input golfsolve cannot use; the message says what is wrong and where."""
