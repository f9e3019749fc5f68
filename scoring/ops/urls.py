"""The ops part's URLs, included at the site's root by mahjong_club/urls.py."""

from django.urls import path

from scoring.ops import views

urlpatterns = [
    path("healthz", views.healthz, name="healthz"),
    path("readyz", views.readyz, name="readyz"),
    # browsers ask for it on pages without base.html's icon link (the admin's)
    path("favicon.ico", views.favicon),
    # before django.contrib.auth.urls, which it replaces
    path("accounts/password_reset/", views.password_reset, name="password_reset"),
]
