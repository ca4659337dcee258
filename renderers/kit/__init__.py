"""The drawing kit shared by every game renderer.

One job per module: fonts (the bundled DejaVu faces, noting what they draw), legibility (how
large text must be where Discord shows it, text roles, the recorder tests measure with), contrast
(WCAG contrast of each text with what is behind it, measured while recording), palette (table
colours, seat colours and symbols, contrast ratios), categories (each game's colour-coded
categories with their non-colour marks), text (fit, ellipsize, wrap, hyphenate), shapes
(antialiased rounded boxes, shadows, felt), cards (card face, two-halved face and back tiles),
cache (memoised immutable layers, handed out as copies), layout (grids), draw (widgets: placed
cards, cards baked onto their shadows, badges, seat plates, header and footer bars), views
(reading the keys views share, words for alt text), encode (PNG bytes and RenderedImage), samples
(views of seeded engine games at named moments).
"""
