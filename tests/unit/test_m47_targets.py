"""valid_targets (fast, used by legal()) must agree with target_reason (used on submit)."""

import random

from bansha.engine import Game
from bansha.rulesets.m47_yeliang.legality import target_reason, valid_targets
from bansha.rulesets.m47_yeliang.roles import SKILLS
from bansha.sim.bots import RandomBot


def test_fast_ranges_match_the_per_target_check() -> None:
    checked = 0
    for seed in range(25):
        g = Game.new("m47-yeliang", 14, seed=seed)
        rng, bot = random.Random(seed), RandomBot()
        while not g.finished:
            for seat in g.order:
                for skill, spec in SKILLS.items():
                    if spec.target == "none":
                        continue
                    slow = tuple(t for t in g.order if target_reason(g, seat, skill, t) is None)
                    assert valid_targets(g, seat, skill) == slow, (seed, seat, skill)
                    checked += 1
            p = g.prompt
            for s, acts in ({p.seat: list(p.options)} if p else g.pending()).items():
                a = bot.act(lambda s=s, g=g: g.view(s), acts, rng)  # type: ignore[misc]
                if a is not None:
                    g.submit(a)
                if p is not None:
                    break
            if p is None or g.prompt is p:
                g.advance()
    assert checked > 1000
