"""A correction's reason with a tab, a line break or another control character is refused beside the reason,
saying so in the director's language (not that the reason is missing or too long), and nothing is saved; a
tournament document's correction so written is refused naming the same fault."""

import json

import pytest

from games.models import Correction
from games.tournaments import engine
from games.tournaments import services as service

from .test_tournament_web import NINE, director_url, make_tournament, play_round, started

pytestmark = pytest.mark.django_db

SAID = {
    "en": "Write the reason on one line, without tabs or other control characters.",
    "cs": "Napište důvod na jeden řádek, bez tabulátorů a jiných řídicích znaků.",
    "sl": "Razlog napišite v eno vrstico, brez tabulatorjev in drugih krmilnih znakov.",
    "de": "Schreib den Grund in eine Zeile, ohne Tabulatoren oder andere Steuerzeichen.",
}


@pytest.mark.parametrize("language", sorted(SAID))
# (NUL is refused by Django itself: "Null characters are not allowed.", in every language)
@pytest.mark.parametrize("reason", ["appeal\tupheld", "appeal\nupheld", "appeal\x07"])
def test_a_reason_with_a_control_character_is_refused_beside_it_saying_so(client, language, reason):
    tournament = make_tournament(players=NINE[:3])
    round_ = started(tournament)
    play_round(round_)
    service.close_round(round_)
    response = client.post(
        director_url(tournament, "round_result", 1),
        {"table": "1", "totals": "0 30 0", "reason": reason, "confirmed": "1"},
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 400
    assert response.context["form"].errors["reason"] == [SAID[language]]
    assert not Correction.objects.exists()


def test_a_documents_correction_with_a_tab_in_its_reason_is_refused_saying_so():
    tournament = make_tournament(players=NINE[:3])
    round_ = started(tournament)
    play_round(round_)
    service.close_round(round_)
    service.correct(round_, round_.tables.get(), [0, 30, 0], "appeal")
    document = json.loads(json.dumps(service.document(tournament), default=str))
    document["corrections"][0]["reason"] = "appeal\tupheld"
    with pytest.raises(engine.InvalidTournament) as refused:
        engine.load(document)
    said = refused.value.message()
    assert "reason" in said and "without a tab or another control character" in said and "1 to" not in said, said
