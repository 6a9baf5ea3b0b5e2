"""Another phone joins by scanning a QR code: both codes on "Share this table" load and show as pictures."""

import pytest

from tests.factories import make_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_qr_codes_load(phone):
    table = make_table()
    phone.goto(f"/t/{table.edit_token}/")
    phone.get_by_text("Share this table").click()
    codes = phone.locator("img.qr")
    assert codes.count() == 2
    for i in range(2):
        code = codes.nth(i)
        code.scroll_into_view_if_needed()
        phone.wait_for_function("(img) => img.complete", arg=code.element_handle())
        assert code.evaluate("(img) => img.naturalWidth") > 50, "the picture loaded"
