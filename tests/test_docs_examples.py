"""Every scenario in docs/scenarios.md (a ```yaml block opening with `# exit: N`) runs
and exits as the guide says, so the guide a director follows stays true."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from bansha.cli import app

GUIDE = Path(__file__).parent.parent / "docs" / "scenarios.md"
BLOCK = re.compile(r"```yaml\n# exit: (\d)\n(.*?)```", re.S)
EXAMPLES = BLOCK.findall(GUIDE.read_text(encoding="utf-8"))


def test_the_guide_has_worked_examples() -> None:
    assert len(EXAMPLES) >= 4


@pytest.mark.parametrize(("code", "text"), EXAMPLES, ids=[f"example{i}" for i in
                                                           range(len(EXAMPLES))])
def test_guide_example_exits_as_documented(tmp_path: Path, code: str, text: str) -> None:
    path = tmp_path / "example.yaml"
    path.write_text(text, encoding="utf-8")
    r = CliRunner().invoke(app, ["scenario", "run", str(path)])
    assert r.exit_code == int(code), r.output
    assert "注意" not in r.stdout, "no unexpected refusal in a worked example"


def test_the_first_example_prints_what_the_guide_shows(tmp_path: Path) -> None:
    path = tmp_path / "first.yaml"
    path.write_text(EXAMPLES[0][1], encoding="utf-8")
    r = CliRunner().invoke(app, ["scenario", "run", str(path)])
    shown = re.search(r"The end of the screen:\n\n((?:    .*\n)+)", GUIDE.read_text("utf-8"))
    assert shown is not None
    for line in shown.group(1).splitlines():
        assert line.strip() in r.stdout, line


def test_the_guide_quotes_real_messages(tmp_path: Path) -> None:
    # the witch example's check line and the tie example's failure, as quoted
    guide = GUIDE.read_text(encoding="utf-8")
    for (_, text), quote in zip(EXAMPLES[1:3], (
            "被拒绝：本夜已使用救药", "出局：期望 癸，实际 （无人）"), strict=True):
        assert quote in guide
        path = tmp_path / "q.yaml"
        path.write_text(text, encoding="utf-8")
        assert quote in CliRunner().invoke(app, ["scenario", "run", str(path)]).stdout
