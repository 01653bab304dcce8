"""Teacher accounts: the store (names, passwords) and the pages (log in, first run)."""
