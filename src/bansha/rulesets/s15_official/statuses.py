"""[S15] the post's states as the engine's StatusKinds (engine statuses.py).

- 癫狂 (吹笛): "角色不能正常讨论…" — lifted when the 吹笛 goes out ("癫狂状态解除").
- 假死 (曲尽): "使之进入假死状态" — RULINGS R-12: no discussion, votes or skills; the
  character stays 癫狂, and "濒死状态、癫狂状态、假死状态含于存活状态".
- tonight's marks, each "持续至夜晚结束": 守护 (免疫【杀人】、【撕咬】, checked by the
  濒死 pipeline's protection), 隔音 (免疫【吹笛】), 卫道 (免疫【预言】), 摇落 ("当晚发动
  的技能无效").
"""

from __future__ import annotations

from bansha.engine.moment import Until
from bansha.engine.statuses import SKILLS, VOTE, VOTE_WEIGHT, StatusKind

MAD = "癫狂"
FAKE_DEAD = "假死"
GUARDED = "守护"
SOUNDPROOF = "隔音"
WARDED = "卫道"
SHAKEN = "摇落"

TONIGHT = Until("end", part="night")  # 持续至夜晚结束

STATUS_KINDS: dict[str, StatusKind] = {k.name: k for k in (
    StatusKind(MAD, negative=True),
    StatusKind(FAKE_DEAD, negative=True, blocks=frozenset((SKILLS, VOTE, VOTE_WEIGHT))),
    StatusKind(GUARDED),
    StatusKind(SOUNDPROOF),
    StatusKind(WARDED),
    StatusKind(SHAKEN, negative=True, visible=False),  # voids uses as they resolve
)}
