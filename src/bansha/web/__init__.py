"""`bansha serve`: the platform humans play on (JSON API, pages, live updates)."""
