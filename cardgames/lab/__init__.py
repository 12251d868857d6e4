"""The simulation lab: many games with bots, in parallel, summarised with 95% intervals.

``cardgames simulate`` studies a variant (fairness per seat, length, safeguard endings,
the game's own statistics, lead changes, decisiveness, drama) or compares two with
``--vs``; ``cardgames arena`` rates bots on duplicate deals. Games run in this process,
in local worker processes, or on a Dask or Ray cluster, with identical results. See
docs/simulation.md.
"""
