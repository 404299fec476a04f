"""Running one window's uses in their scheduled order.

`WindowRun` takes the uses already ordered (schedule.order_uses) and runs `step` on
each. A use inserted while another resolves (【即时插入结算】 "如果该阶段发动的技能导致
另外一个该阶段发动的技能可以发动，则立刻插入结算发动，插入结算处理完成后才按照原本的顺序
继续发动" — the hunter shoots 光, 光 shoots next, the 黑狼王 third) runs right after
the step that inserted it, depth-first, before the original order goes on. A use
voided before its turn (纵火 voids the 杀人, 摇落) is skipped with its reason.
"""

from __future__ import annotations

from collections.abc import Callable

from .abilities import Resolution, Use

Step = Callable[[Use], Resolution]


class WindowRun:
    def __init__(self, uses: list[Use], max_depth: int = 32) -> None:
        self._queue = list(uses)
        self._inserted: list[list[Use]] = []
        self._max = max_depth
        self.done: list[Use] = []
        self.skipped: list[Use] = []

    def insert(self, use: Use) -> None:
        """Resolve `use` as soon as the running step finishes (即时插入结算)."""
        if not self._inserted:
            raise ValueError("insert() is only possible while a use resolves")
        self._inserted[-1].append(use)

    def waiting(self) -> list[Use]:
        return [u for lst in reversed(self._inserted) for u in lst] + list(self._queue)

    def void(self, match: Callable[[Use], bool], reason: str) -> list[Use]:
        hit = [u for u in self.waiting() if u.voided is None and match(u)]
        for u in hit:
            u.voided = reason
        return hit

    def run(self, step: Step) -> Resolution:
        while self._queue:
            yield from self._one(self._queue.pop(0), step)

    def _one(self, use: Use, step: Step) -> Resolution:
        if use.voided is not None:
            self.skipped.append(use)
            return
        if len(self._inserted) >= self._max:
            raise ValueError(f"即时插入结算嵌套超过 {self._max} 层（{use.ability}）")
        self._inserted.append([])
        try:
            yield from step(use)
            self.done.append(use)
            mine = self._inserted[-1]
            while mine:
                yield from self._one(mine.pop(0), step)
        finally:
            self._inserted.pop()
