"""Pure scoring engines, one module per game; standard library only (no Django)."""
