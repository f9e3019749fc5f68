from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("", include("scoring.ops.urls")),  # /healthz, /readyz, the password-reset gate
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("scoring.urls")),
]
