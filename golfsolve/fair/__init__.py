"""The fair value: the exact chance that best play wins for a player who cannot see the stock
(every order of the unseen cards weighed, none sampled), of a position and of each of its
legal actions, by the memoised expectimax (``expectimax``) or, where every stock card is
unseen, by layers (``layered``); ``kernels/`` holds their numba kernels."""
