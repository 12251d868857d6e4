"""Game plugins: finding them, loading them, and the boundary around their code."""
