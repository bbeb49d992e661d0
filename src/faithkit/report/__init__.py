"""Renderers: they format results and compute nothing."""
