"""出局角色【遗言】: "前N（N为狼人+白狼总数）名出局的角色可以留下遗言且遗言不修改"
(kept and published by anytime.py)."""

from __future__ import annotations

from ..skill import Skill, skill

LAST_WORDS: Skill = skill("遗言", "前N（N为狼人+白狼总数）名出局的角色可以留下遗言且遗言不修改。",
                   window="any", target="none")
