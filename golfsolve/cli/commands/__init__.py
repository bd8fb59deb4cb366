"""One module per golfsolve command, each loaded when its command is run."""
