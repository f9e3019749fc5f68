from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("", include("scoring.ops.urls")),  # /healthz, /readyz, the password-reset gate
    path("admin/", admin.site.urls),
    path("accounts/", include("django.contrib.auth.urls")),
    path("", include("scoring.urls")),
]

# a bad request is Django's page, but for an upload of more files than Django reads in one
# (DATA_UPLOAD_MAX_NUMBER_FILES): the import page with the limit and the zip route
handler400 = "scoring.online.views.bad_request"
