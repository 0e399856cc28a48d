"""The tile data and its geometry: counts, rotation, symmetric turns, location names."""

from __future__ import annotations

import pytest

from referee.games.carcassonne.tiles import (
    Kind,
    distinct_rotations,
    find_segment,
    oriented,
    parse_location,
    partner_half,
    same_shape_rotation,
    start_type,
    tile_types,
)


def test_the_base_game_has_72_tiles_of_24_types() -> None:
    """Totals from the research notes (Wikicarpedia User:Wolnic's table): 72, 10, 6."""
    types = tile_types()
    assert len(types) == 24
    assert sum(t.count for t in types.values()) == 72
    pennants = sum(t.count * sum(s.pennants for s in t.segments) for t in types.values())
    assert pennants == 10
    assert sum(t.count for t in types.values() if t.has_monastery) == 6
    assert sum(t.count for t in types.values() if t.has_road) == 45
    assert sum(t.count for t in types.values() if t.has_city) == 44
    fields = sum(t.count * sum(s.kind is Kind.FIELD for s in t.segments) for t in types.values())
    assert fields == 126


def test_letters_run_a_to_x_and_the_start_tile_is_d() -> None:
    assert [t.letter for t in tile_types().values()] == list("ABCDEFGHIJKLMNOPQRSTUVWX")
    assert start_type().letter == "D"
    assert start_type().jcz_id == "RCr"


def test_every_edge_and_half_edge_belongs_to_exactly_one_segment() -> None:
    """Road and city edges have one segment; field edges and road edges split into halves."""
    for jcz_id, tile in tile_types().items():
        shape = oriented(jcz_id, 0)
        for edge, kind in enumerate(tile.edges):
            assert (shape.edge_segment[edge] >= 0) == (kind != "F"), jcz_id
            halves = shape.half_segment[2 * edge : 2 * edge + 2]
            assert all(h >= 0 for h in halves) == (kind != "C"), jcz_id


def test_rotating_a_quarter_turn_moves_north_to_east() -> None:
    """JCZ convention: R90 is clockwise, so the start tile's city cap faces east."""
    shape = oriented("RCr", 1)
    assert shape.edges == "RCRF"
    city = next(s for s in shape.segments if s.kind is Kind.CITY)
    assert city.location == "E"
    fields = sorted(s.location for s in shape.segments if s.kind is Kind.FIELD)
    assert fields == ["NL.SR.WL.WR", "NR.SL"]  # the strip by the city is now east


def test_symmetric_tiles_list_each_distinct_rotation_once() -> None:
    """CARC-04: a crossroads has one shape, a straight road two, a curve four."""
    assert distinct_rotations("RRRR") == (0,)
    assert distinct_rotations("Cccc+") == (0,)
    assert distinct_rotations("L") == (0,)
    assert distinct_rotations("RFr") == (0, 1)
    assert distinct_rotations("CFC.2") == (0, 1)
    assert distinct_rotations("Rr") == (0, 1, 2, 3)
    assert same_shape_rotation("RFr", 2) == 0
    assert same_shape_rotation("RFr", 3) == 1


def test_half_edges_meet_their_mirror_across_the_edge() -> None:
    """NL meets the north neighbour's SR, EL the east neighbour's WR (reference conventions)."""
    names = ("NL", "NR", "EL", "ER", "SL", "SR", "WL", "WR")
    meets = {names[h]: names[partner_half(h)] for h in range(8)}
    assert meets == {
        "NL": "SR",
        "NR": "SL",
        "EL": "WR",
        "ER": "WL",
        "SL": "NR",
        "SR": "NL",
        "WL": "ER",
        "WR": "EL",
    }


def test_locations_read_in_any_order() -> None:
    shape = oriented("CcRr+", 2)  # city S-E, road W-N after a half turn
    assert shape.segments[find_segment(shape, "SE")].kind is Kind.CITY
    assert shape.segments[find_segment(shape, "ES")].kind is Kind.CITY
    assert shape.segments[find_segment(shape, "NW")].kind is Kind.ROAD
    assert shape.segments[find_segment(shape, "WL.NR")].kind is Kind.FIELD
    monastery = oriented("L", 0)
    assert find_segment(monastery, "CLOISTER") == find_segment(monastery, "I") == 0


@pytest.mark.parametrize("text", ["", "NN", "Q", "NL.NL", "XL.NR"])
def test_malformed_locations_are_refused(text: str) -> None:
    with pytest.raises(ValueError, match="expected"):
        parse_location(text)


def test_a_location_not_on_the_tile_is_refused() -> None:
    with pytest.raises(ValueError, match="has no 'S'"):
        find_segment(oriented("RCr", 0), "S")
