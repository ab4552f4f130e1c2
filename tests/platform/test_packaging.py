"""The content (data/, fonts) is package data found through one helper, from any directory."""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
import venv
from pathlib import Path

import pytest

from rules.core.paths import data_path, data_root

ROOT = Path(__file__).resolve().parents[2]
CODE_ROOTS = ("rules", "rendering", "bot")
PROBE = (
    "from rules.core.paths import data_root; from rules.core.text import Msg, translate; "
    "from rendering.common import font; "
    "print(data_root()); print(translate(Msg('core.service.not_your_turn'), 'ja')); "
    "print(font(12).path)"
)


def test_the_helper_finds_the_data_folder():
    assert data_root() == ROOT / "data"
    assert data_path("caverna", "action_spaces.toml").is_file()
    assert data_path("fonts", "OFL.txt").is_file()


def test_the_helper_does_not_depend_on_the_working_directory(tmp_path):
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    out = subprocess.run([sys.executable, "-c", PROBE], cwd=tmp_path, env=env, text=True,
                         capture_output=True, check=True).stdout.splitlines()
    assert Path(out[0]) == data_root()
    assert out[1] == out_of_tree_sentence() != "core.service.not_your_turn"
    assert Path(out[2]).parent == data_root() / "fonts"


def test_every_code_package_is_listed_in_pyproject():
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    on_disk = {".".join(p.parent.relative_to(ROOT).parts)
               for top in CODE_ROOTS for p in (ROOT / top).rglob("__init__.py")}
    assert on_disk | {"tabletop_data"} == listed, (
        "list every code package in [tool.setuptools] packages of pyproject.toml "
        "(a plain `pip install .` leaves the others out)")


def test_no_code_outside_the_helper_locates_data_by_its_own_path():
    offenders = []
    for top in CODE_ROOTS:
        for path in (ROOT / top).rglob("*.py"):
            text = path.read_text(encoding="utf-8")
            if "__file__" in text or "parents[" in text or "/usr/share" in text:
                offenders.append(str(path.relative_to(ROOT)))
    assert offenders == []


@pytest.mark.slow
def test_a_plain_install_works_from_any_directory(tmp_path):
    """Build the wheel, install it (not editable) in a fresh venv, and run from elsewhere."""
    wheels = tmp_path / "wheels"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "-w", str(wheels),
                    str(ROOT)], check=True)
    wheel = next(wheels.glob("tabletop-*.whl"))
    env_dir = tmp_path / "venv"
    venv.create(env_dir, with_pip=True)
    python = env_dir / "bin" / "python"
    subprocess.run([str(python), "-m", "pip", "install", "-q", str(wheel)], check=True)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    script = PROBE + "; " + (
        "from rules.core import get_game; from rendering.registry import render; "
        "g = get_game('smallworld'); s = g.new_game(1, 3, {}); "
        "im = render(g.view(s, None), names=['ボブ', '李雷', 'Борис']); print(im.size)"
    )
    out = subprocess.run([str(python), "-c", script], cwd=elsewhere, text=True,
                         capture_output=True, check=True, env={"PATH": os.environ["PATH"]})
    lines = out.stdout.splitlines()
    installed = Path(lines[0])
    assert "site-packages" in installed.parts and installed.name == "tabletop_data"
    assert Path(lines[2]).is_file() and installed in Path(lines[2]).parents
    assert lines[1] == out_of_tree_sentence() and lines[3].startswith("(")


def out_of_tree_sentence() -> str:
    """The Japanese sentence the probe prints (read from the catalog here)."""
    from rules.core.text import Msg, translate

    return translate(Msg("core.service.not_your_turn"), "ja")


def test_a_checkout_that_was_never_installed_finds_its_data(tmp_path):
    """Running the tests straight from a clone (no pip install) still finds data/."""
    import subprocess
    import sys
    code = (f"import sys; sys.path.insert(0, {str(ROOT)!r}); "
            "import importlib.util; assert importlib.util.find_spec('tabletop_data') is None; "
            "from rules.core.paths import data_path; "
            "print(data_path('messages', 'en', 'core.toml').is_file())")
    # -I -S: no site-packages, so no installed (or editable) tabletop_data is visible
    out = subprocess.run([sys.executable, "-I", "-S", "-c", code], capture_output=True,
                         text=True, cwd=tmp_path, timeout=60)
    assert out.stdout.strip() == "True", out.stderr
