"""The staff page that imports online games: upload files or zips of them, then a summary of each file."""

from django.contrib.auth.decorators import user_passes_test
from django.shortcuts import render
from django.views.decorators.http import require_http_methods

from . import bulk
from .forms import UploadForm
from .importer import Outcome, import_file


@require_http_methods(["GET", "HEAD", "POST"])
@user_passes_test(lambda user: user.is_staff)
def upload(request):
    """Each file is imported whole or not at all; the page lists what was stored, skipped and
    refused (or, checking only, what would be). Past Django's limit of files in one upload
    (``DATA_UPLOAD_MAX_NUMBER_FILES``, 100: a 400) the files go in a zip, as the form says."""
    outcomes = []
    if request.method == "POST":
        form = UploadForm(request.POST, request.FILES)
        if form.is_valid():
            options = form.options()
            for upload in form.cleaned_data["files"]:
                for name, data in bulk.logs(upload.name, upload):
                    if isinstance(data, str):
                        outcomes.append(Outcome(name, "refused", message=data))
                    else:
                        outcomes.append(import_file(name, data, options, user=request.user))
            form = UploadForm(initial={"ruleset": options.ruleset or "", "session": options.session or ""})
    else:
        form = UploadForm()
    return render(request, "scoring/online/upload.html", {"form": form, "outcomes": outcomes})
