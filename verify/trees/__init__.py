"""Decomposition trees and human-judgment oracles (paper Sections 3.1 and 3.2, Definition 3.2):
the tree model, the fbs-tree/1 and fbs-oracle/1 files, tree builders, node values val_O(u)."""
