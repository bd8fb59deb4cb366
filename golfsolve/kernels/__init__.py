"""The numba kernels: plain arrays in, plain arrays out, no Python objects inside.

``layout`` owns the encoding every kernel reads (column ranks, the start array, the path's
steps, the visited bitmap and its bit helpers); ``search`` holds the exact and beam searches
(draws at any time), ``strict`` the search under the traditional draw rule (a draw only when
nothing fits), ``bound`` the bound the exact search cuts with, ``dealer`` PySolFC's dealing,
``fair`` the fair value's expectimax, ``stock_layers`` the fair value of a wholly unseen stock,
layer by layer. A new kernel is a module here that imports what it shares from ``layout`` (and
adds there what two kernels share); its arrays are built in golfsolve.packing, its typed result
beside golfsolve.solver and golfsolve.fair."""
