from django.urls import path

from .views import rules

app_name = "scoring"

urlpatterns = [
    path("", rules.home, name="home"),
    path("rules/", rules.rules, name="rules"),
]
