"""The contract every game keeps, with its defaults (pure Python, shipped to phones): what an engine says (words),
input checks (inputs), players' names (names), numbers in explanations (numbers), house rules (options), who is
ahead (ranking), where a table stands (status), the engine's contract (engine), the hands every game has (hands)
and what an engine leaves out (defaults, filled by the registry)."""
