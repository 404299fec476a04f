"""Is a BBCode colour red or near red? ("导演认为与 #FF0000 相近的颜色")

A colour is near red when its hue is within 20° of pure red, it is clearly
coloured (saturation ≥ 0.5) and not nearly black (value ≥ 0.4): #FF0000, #F00,
#E01010, #CC0000, red, crimson, darkred… but not pink, orange or brown-grey.
The flag is for the director to look at; the card stays the director's call."""

from __future__ import annotations

import colorsys
import re

NAMED: dict[str, tuple[int, int, int]] = {
    "red": (255, 0, 0), "darkred": (139, 0, 0), "crimson": (220, 20, 60),
    "firebrick": (178, 34, 34), "indianred": (205, 92, 92), "orangered": (255, 69, 0),
    "tomato": (255, 99, 71), "maroon": (128, 0, 0), "brown": (165, 42, 42),
    "salmon": (250, 128, 114), "lightcoral": (240, 128, 128), "coral": (255, 127, 80),
    "orange": (255, 165, 0), "pink": (255, 192, 203), "hotpink": (255, 105, 180),
    "deeppink": (255, 20, 147), "magenta": (255, 0, 255), "fuchsia": (255, 0, 255),
    "purple": (128, 0, 128), "black": (0, 0, 0), "white": (255, 255, 255),
    "gray": (128, 128, 128), "grey": (128, 128, 128), "blue": (0, 0, 255),
    "green": (0, 128, 0), "yellow": (255, 255, 0), "darkorange": (255, 140, 0),
    "sienna": (160, 82, 45), "chocolate": (210, 105, 30), "orchid": (218, 112, 214),
}
_HEX = re.compile(r"^#?([0-9a-f]{3}|[0-9a-f]{6})$", re.IGNORECASE)
_RGB = re.compile(r"^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,[^)]*)?\)"
                  r"$", re.IGNORECASE)


def parse_colour(value: str) -> tuple[int, int, int] | None:
    v = value.strip().strip("\"'").strip()
    if v.lower() in NAMED:
        return NAMED[v.lower()]
    m = _HEX.match(v)
    if m is not None:
        h = m.group(1)
        if len(h) == 3:
            h = "".join(c * 2 for c in h)
        return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)
    m = _RGB.match(v)
    if m is not None:
        r, g, b = (min(255, int(x)) for x in m.groups())
        return r, g, b
    return None


def is_near_red(value: str) -> bool:
    rgb = parse_colour(value)
    if rgb is None:
        return False
    h, s, v = colorsys.rgb_to_hsv(*(c / 255 for c in rgb))
    deg = h * 360
    return min(deg, 360 - deg) <= 20 and s >= 0.5 and v >= 0.4
