#!/usr/bin/env python3
"""Rewrites an uncompressed PDF's ToUnicode maps so that ligature and digit glyphs map to U+0000.

A browser printing a notebook to PDF writes such entries for glyphs it cannot trace back to a character
(a ligature, an old-style figure). The script turns every bfchar/bfrange entry whose target is a ligature
(ff, fi, fl, ffi, ffl as one to three letters starting with f) or a digit 0-9 into <code> <0000>, then writes
the cross-reference table anew. Usage: python3 null-glyph-map.py file.pdf (rewritten in place).
"""
import re
import sys

LIGATURES = {"ff", "fi", "fl", "ffi", "ffl"}


def target_text(hexstr):
    return bytes.fromhex(hexstr).decode("utf-16-be")


def null_map(cmap):
    def bfchar(m):
        code, target = m.group(1), m.group(2)
        text = target_text(target)
        return f"<{code}> <0000>" if text in LIGATURES or (len(text) == 1 and text.isdigit()) else m.group(0)

    def section(m):
        body = re.sub(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>", bfchar, m.group(2))
        return m.group(1) + body + m.group(3)

    cmap = re.sub(r"(beginbfchar)(.*?)(endbfchar)", section, cmap, flags=re.S)

    def bfrange(m):
        # A range is written out as single entries so that its digits can map to U+0000 alone.
        out = []
        for lo, hi, start in re.findall(r"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]{4})>", m.group(1)):
            width = len(lo)
            for k, code in enumerate(range(int(lo, 16), int(hi, 16) + 1)):
                ch = chr(int(start, 16) + k)
                target = "0000" if ch.isdigit() else f"{ord(ch):04X}"
                out.append(f"<{code:0{width}X}> <{target}>")
        return f"{len(out)} beginbfchar\n" + "\n".join(out) + "\nendbfchar"

    return re.sub(r"\d+\s+beginbfrange(.*?)endbfrange", bfrange, cmap, flags=re.S)


def main(path):
    data = open(path, "rb").read().decode("latin-1")
    objects = re.split(r"(?m)^(?=\d+ 0 obj\b)", data)
    head, body = objects[0], objects[1:]
    out = []
    for obj in body:
        m = re.match(r"(\d+ 0 obj\s*<<.*?>>\s*stream\r?\n)(.*?)(\r?\nendstream.*)", obj, re.S)
        if m and "begincmap" in m.group(2) and "/Filter" not in m.group(1):
            stream = null_map(m.group(2))
            dictionary = re.sub(r"/Length \d+", f"/Length {len(stream.encode('latin-1'))}", m.group(1))
            obj = dictionary + stream + m.group(3)
        out.append(obj)
    write_objects(path, head, out, data)


def write_objects(path, head, objects, data):
    """Writes the file's objects after its header, with the cross-reference table and trailer anew."""
    out = list(objects)
    # Everything from the last object's "xref" on is written anew.
    last = out[-1]
    cut = last.find("xref")
    out[-1] = last[:cut] if cut >= 0 else last
    text = head
    offsets = {}
    for obj in out:
        offsets[int(obj.split()[0])] = len(text.encode("latin-1"))
        text += obj
    trailer = re.search(r"trailer\s*(<<.*?>>)\s*startxref", data, re.S).group(1)
    size = max(offsets) + 1
    xref_at = len(text.encode("latin-1"))
    rows = ["0000000000 65535 f \n"] + [
        f"{offsets[n]:010d} 00000 n \n" if n in offsets else "0000000000 65535 f \n" for n in range(1, size)
    ]
    trailer = re.sub(r"/Size \d+", f"/Size {size}", trailer)
    text += f"xref\n0 {size}\n" + "".join(rows) + f"trailer\n{trailer}\nstartxref\n{xref_at}\n%%EOF\n"
    open(path, "wb").write(text.encode("latin-1"))


if __name__ == "__main__":
    main(sys.argv[1])
