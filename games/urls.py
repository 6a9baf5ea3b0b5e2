from django.urls import path

from . import views

urlpatterns = [
    path("", views.home, name="home"),
    path("new/", views.new_table, name="new_table"),
    path("new/<slug:game>/", views.new_table_for, name="new_table_for"),
    path("t/<str:token>/", views.table_page, name="table"),
    path("t/<str:token>/hands/new/", views.record_hand, name="record_hand"),
    path("t/<str:token>/preview/", views.preview, name="preview"),
    path("t/<str:token>/hands/<int:seq>/", views.hand_detail, name="hand"),
    path("t/<str:token>/hands/<int:seq>/edit/", views.edit_hand, name="edit_hand"),
    path("t/<str:token>/hands/<int:seq>/preview/", views.preview, name="preview_edit"),
    path("t/<str:token>/hands/<int:seq>/delete/", views.delete_hand, name="delete_hand"),
    path("t/<str:token>/hands/<int:seq>/restore/", views.restore_hand, name="restore_hand"),
    path("t/<str:token>/undo/", views.undo, name="undo"),
    path("t/<str:token>/history/", views.history, name="history"),
    path("t/<str:token>/settings/", views.settings_page, name="settings"),
    path("v/<str:token>/", views.view_page, name="view_table"),
    path("v/<str:token>/hands/<int:seq>/", views.view_hand_detail, name="view_hand"),
    path("rules/", views.rules_index, name="rules_index"),
    path("healthz", views.healthz, name="healthz"),
    path("rules/<slug:game>/", views.rules_page, name="rules"),
]
