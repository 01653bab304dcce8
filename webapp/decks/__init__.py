"""Deck pages: every deck's cards on screen, and its printable PDF."""
