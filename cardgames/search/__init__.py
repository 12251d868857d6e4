"""Search bots for any game on the protocol: information-set Monte Carlo tree search and its levels."""
