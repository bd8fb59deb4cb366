"""A census: the verdict of every deal of one contiguous range under each rule set, kept as one
bit a deal and rule set (:mod:`golfsolve.census.files`), solved in constant memory and resumable
after a kill (:mod:`golfsolve.census.run`), read back deal by deal without solving it."""
