"""The staff page that imports online games: upload, then a summary of each file."""

from django.contrib.auth.decorators import user_passes_test
from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from .forms import UploadForm
from .game import MAX_BYTES
from .importer import import_file


@require_http_methods(["GET", "HEAD", "POST"])
@user_passes_test(lambda user: user.is_staff)
def upload(request):
    """Each file is imported whole or not at all; the page lists what was stored, skipped and refused."""
    outcomes = []
    if request.method == "POST":
        form = UploadForm(request.POST, request.FILES)
        if form.is_valid():
            options = form.options()
            for upload in form.cleaned_data["files"]:
                outcomes.append(import_file(upload.name, upload.read(MAX_BYTES + 1), options, user=request.user))
            form = UploadForm(initial={"ruleset": options.ruleset, "session": options.session or ""})
    else:
        form = UploadForm()
    return render(request, "scoring/online/upload.html", {"form": form, "outcomes": outcomes})
