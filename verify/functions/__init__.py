"""Boolean functions f: {0,1}^q -> {0,1} (paper Section 3.3): the public spec grammar, the
function families, bit strings, formulas, DIMACS, truth tables and aggregator lookups."""
