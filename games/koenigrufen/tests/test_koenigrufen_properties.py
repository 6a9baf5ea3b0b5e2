"""Properties of Königrufen over random valid tables (the entry's own generator): every hand adds to 0, the
player sitting out at five scores 0, and kontra_scored false changes no hand without a Kontra."""

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.engines.table import parse_document, replay
from games.koenigrufen import engine as kr
from games.koenigrufen import entry as entry

tables = st.randoms(use_true_random=False).map(entry.SAMPLES.document)


def played(document):
    table, hands = parse_document(document)
    return hands, replay(table, hands).results


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables)
def test_every_hand_adds_to_0(document):
    _hands, results = played(document)
    assert all(sum(result.scores.values()) == 0 for result in results)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables.filter(lambda d: len(d["players"]) == 5))
def test_at_five_the_one_sitting_out_scores_0(document):
    hands, results = played(document)
    for raw, result in zip(document["hands"], results):
        assert result.scores[raw["sitting_out"]] == 0
        assert set(result.scores) == set(document["players"])


def has_kontra(raw):
    kontra = raw.get("kontra", 0)
    return bool(kontra if isinstance(kontra, int) else any(kontra.values())) or any(
        b.get("kontra") for b in raw.get("bonuses", [])
    )


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tables)
def test_kontra_scored_false_never_changes_a_hand_without_kontra(document):
    base = {key: value for key, value in document["rules"].items() if key != "kontra_scored"}
    _hands, scored = played({**document, "rules": {**base, "kontra_scored": True}})
    _hands, sheet = played({**document, "rules": {**base, "kontra_scored": False}})
    for raw, with_kontra, without in zip(document["hands"], scored, sheet):
        if not has_kontra(raw):
            assert with_kontra.scores == without.scores


def test_the_generator_makes_hands_with_and_without_kontra_and_tables_of_five():
    from random import Random

    documents = [entry.SAMPLES.document(Random(seed)) for seed in range(50)]
    hands = [raw for d in documents for raw in d["hands"]]
    assert any(has_kontra(raw) for raw in hands) and any(not has_kontra(raw) for raw in hands)
    assert any(len(d["players"]) == 5 for d in documents)
    assert {raw["contract"] for raw in hands} == {c for c, v in kr.CONTRACT_DEFAULTS.items() if v}
