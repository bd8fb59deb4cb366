"""golfsolve's two kinds of failure, each printed on one line by the CLI: bad input (exit
status 2), and output that could not be written once the work had begun (exit status 1).

A library error says what is wrong in the library's terms. Where the command line words it
with its own options, the error carries the fields it needs: ``reason`` names the case and
``fields`` hold the values (see golfsolve.cli.wording)."""

from __future__ import annotations


class InputError(ValueError):
    """Input golfsolve cannot use; the message says what is wrong and where."""

    def __init__(self, message: str = "", *, reason: str | None = None, **fields: object) -> None:
        super().__init__(message)
        self.reason = reason
        self.fields = fields


class ExtraMissing(InputError):
    """An optional dependency that is not installed: ``extra`` names golfsolve's extra that
    installs it, ``library`` the library."""

    def __init__(self, extra: str, library: str, message: str) -> None:
        super().__init__(message, reason="extra_missing", extra=extra, library=library)

    def __reduce__(self):  # to cross a process boundary whole
        return (type(self), (self.fields["extra"], self.fields["library"], str(self)))


class OutputError(OSError):
    """Output that could not be written part way (a full disk, a reader gone); the message
    names the file and why."""
