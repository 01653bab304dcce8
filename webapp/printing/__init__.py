"""The print page: worksheets, MAT kits, score sheets and decks as PDF downloads."""
