"""[M47]『野良神』's order table: the day and the night as the post's 结算顺序 writes
them, one row per step — read it beside the post (4L 结算顺序 2.–6., 3.(0)–(10)).

Each row is the engine's `Window` (what the step resolves, for the schedule's own
checks and for readers) and the step that resolves it (in the role module that owns
the skill). M47 has no sub-phases: every window's `sub` is "" (the night is one
window of submissions; the steps are its resolution order)."""

from __future__ import annotations

from collections.abc import Callable

from bansha.engine import Game
from bansha.engine.schedule import ORDERED, Schedule, Window

from . import day
from .roles import god, stray, vessel, witch, wolf
from .state import M47State, StepRun
from .steps import kills

# A step settles what it can at once and returns None, or returns the resolution that
# still has to run (an out, a prompt): most steps of most nights have nothing that
# asks, and ruleset.resolve runs only what is returned (a generator per step per night
# was a tenth of a game's work)
Step = Callable[[Game, M47State], StepRun | None]


def _w(name: str, *abilities: str) -> Window:
    return Window("", name, ORDERED, abilities)


# 2./6. the day: "第一天讨论日结束时，警长竞选帖最先高票者当选警长" / "讨论、投票结束，投票结算"
DAY: tuple[tuple[Window, Step], ...] = (
    (_w("投票结算（第一天：竞岗、依靠、心碎；其后：获得投票最多的角色出局，平票无人出局）",
        "竞岗", "依靠", "心碎", "正直"), day.vote),
    (_w("潜水（3）：未投票者判罚黄牌（选项 penalties=auto）"), day.auto_penalties),
    (_w("白天红牌罚下导致的出局结算在投票结算之后执行"), day.send_offs),
)

# 3. "进入夜晚，以下身份如未出局、未失去技能，依次选择发动技能"
NIGHT: tuple[tuple[Window, Step], ...] = (
    (_w("（0）狼人：决定是否发动<召唤>", "召唤"), wolf.summon),
    (_w("（1）狼人：选择<杀人>的目标", "杀人"), wolf.kill),
    (_w("（2）野良：选择<双刀>的目标", "双刀"), stray.double),
    (_w("（3）女巫：执行<通灵>；选择<救药>、<毒药>目标", "通灵", "救药", "毒药"), witch.potions),
    (_w("（4）神明：选择<神音>或<安抚>的目标", "神音", "安抚"), god.voice_and_soothe),
    (_w("（5）野良：结算<侵蚀>", "侵蚀"), stray.erode),
    (_w("（6）祝器：选择是否发动<道标>", "道标"), vessel.beacon),
    (_w("（7）野良：结算<反噬>", "反噬"), stray.backlash),
    (_w("（8）祝器：选择发动<神器>的目标", "神器"), vessel.shield),
    # 1. 救药 2. 神器 3. 长寿之命 (the protections, in this order: ruleset.py) 4. 出局
    (_w("（9）指杀结算", "长寿之命"), kills),
    (_w("（10）毒药结算：<毒药>对象出局"), witch.poison_out),
    (_w("红牌罚下（夜晚结算之后）"), day.send_offs),
)

SCHEDULE = Schedule(day=tuple(w for w, _ in DAY), night=tuple(w for w, _ in NIGHT))
