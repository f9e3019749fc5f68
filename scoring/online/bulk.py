"""Many online game logs in one upload: the files as they come, and zip archives opened member
by member, each bounded (a zip bomb is refused, never unpacked)."""

import zipfile
from collections.abc import Iterator
from pathlib import PurePosixPath
from typing import IO

from .game import MAX_BYTES

SUFFIXES = (".json", ".xml", ".mjlog")
MAX_ZIP_BYTES = 50_000_000  # a zip of a thousand hanchan is some 10 MB
MAX_MEMBERS = 2_000
MAX_UNPACKED = 200_000_000


def is_zip(name: str, head: bytes) -> bool:
    return name.lower().endswith(".zip") or head[:4] == b"PK\x03\x04"


def logs(name: str, stream: IO[bytes]) -> Iterator[tuple[str, bytes | str]]:
    """The online game logs of one uploaded file: (name, its bytes), or (name, why it was left
    out) for what is not one. A zip yields its members by their path inside it."""
    head = stream.read(4)
    stream.seek(0)
    if not is_zip(name, head):
        yield name, stream.read(MAX_BYTES + 1)
        return
    if getattr(stream, "size", 0) > MAX_ZIP_BYTES:
        yield name, f"a zip of more than {MAX_ZIP_BYTES:,} bytes: split it"
        return
    try:
        archive = zipfile.ZipFile(stream)
        members = [m for m in archive.infolist() if not m.is_dir()]
    except (zipfile.BadZipFile, OSError, EOFError):
        yield name, "a damaged zip: it cannot be opened"
        return
    if len(members) > MAX_MEMBERS:
        yield name, f"a zip of {len(members):,} files; at most {MAX_MEMBERS:,} in one upload"
        return
    if sum(m.file_size for m in members) > MAX_UNPACKED:
        yield name, f"a zip that unpacks to more than {MAX_UNPACKED:,} bytes: split it"
        return
    for member in members:
        inner = f"{name}/{member.filename}"
        if PurePosixPath(member.filename).suffix.lower() not in SUFFIXES:
            yield inner, f"not an online game log ({', '.join(SUFFIXES)})"
        elif member.file_size > MAX_BYTES:
            yield inner, f"the file is {member.file_size:,} bytes; an online game log is at most {MAX_BYTES:,}"
        else:
            try:
                with archive.open(member) as data:
                    yield inner, data.read(MAX_BYTES + 1)  # bounded whatever the zip claims
            except (zipfile.BadZipFile, OSError, EOFError, NotImplementedError, RuntimeError):
                yield inner, "a damaged or encrypted file in the zip: it cannot be unpacked"
