"""The drawing kit shared by every game renderer.

Modules, each with one job:
fonts (bundled DejaVu), palette (table and seat colours, seat symbols), text (fit, ellipsize, wrap),
shapes (antialiased rounded boxes), cards (card face and back tiles), cache (memoised immutable
layers), draw (badges, seat plates, header and footer bars, placed cards), encode (PNG bytes).
"""
