"""The little dense linear algebra the Bradley-Terry fit needs.

A tournament has tens of players, so plain lists of lists and Gauss-Jordan
elimination are fast enough, and keep numpy out of the dependencies.
"""

from __future__ import annotations

from collections.abc import Sequence

Matrix = list[list[float]]

_SINGULAR = 1e-12
"""A pivot smaller than this (relative to the largest entry) means the matrix is singular."""


def inverse(matrix: Sequence[Sequence[float]]) -> Matrix:
    """The inverse of a square matrix, by Gauss-Jordan with partial pivoting.

    Raises:
        ValueError: The matrix is singular (or numerically so).
    """
    size = len(matrix)
    rows = [[*row, *(1.0 if i == j else 0.0 for j in range(size))] for i, row in enumerate(matrix)]
    scale = max((abs(x) for row in matrix for x in row), default=0.0)
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(rows[r][col]))
        if abs(rows[pivot][col]) <= _SINGULAR * scale or scale == 0.0:
            raise ValueError(f"singular matrix: no pivot in column {col}")
        rows[col], rows[pivot] = rows[pivot], rows[col]
        _eliminate(rows, col)
    return [row[size:] for row in rows]


def _eliminate(rows: Matrix, col: int) -> None:
    """Scale the pivot row to 1 at ``col`` and clear ``col`` from every other row."""
    pivot_row = rows[col]
    factor = pivot_row[col]
    pivot_row[:] = [x / factor for x in pivot_row]
    for r, row in enumerate(rows):
        if r != col and row[col] != 0.0:
            ratio = row[col]
            row[:] = [x - ratio * p for x, p in zip(row, pivot_row, strict=True)]


def mat_vec(matrix: Sequence[Sequence[float]], vector: Sequence[float]) -> list[float]:
    """The product of a matrix and a vector."""
    return [sum(a * b for a, b in zip(row, vector, strict=True)) for row in matrix]


def sandwich(left: Sequence[Sequence[float]], middle: Sequence[Sequence[float]]) -> Matrix:
    """``left @ middle @ left.T``: a covariance carried through a linear map."""
    product = [mat_vec(middle, row) for row in left]  # (middle @ left.T).T
    return [mat_vec(product, row) for row in left]
