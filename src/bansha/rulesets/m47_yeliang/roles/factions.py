"""[M47]'s factions, as the post names them."""

WOLF_SIDE = "野良阵营"
VILLAGE = "村民阵营"  # the post's 神明阵营; 用语定义 and the skill texts say 村民阵营
UNDECIDED = "不定阵营"
