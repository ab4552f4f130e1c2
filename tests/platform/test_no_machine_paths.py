"""Repository files cite documents by name, never by a folder of the machine they were written
on (the repository is read elsewhere)."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SKIP = {".venv", "var", ".git", "node_modules"}
MACHINE_FOLDERS = ("/" + "work/", ".." + "/shared")  # split so this file does not match itself


def _files():
    for suffix in ("*.md", "*.py", "*.toml"):
        for path in ROOT.rglob(suffix):
            parts = path.relative_to(ROOT).parts
            if not SKIP.intersection(parts) and not parts[0].startswith("."):
                yield path


def test_no_repository_file_names_a_machine_folder():
    bad = [f"{path.relative_to(ROOT)}:{number}"
           for path in _files()
           for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
           if any(folder in line for folder in MACHINE_FOLDERS)]
    assert not bad, "machine folders named in: " + ", ".join(bad)
