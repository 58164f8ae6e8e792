#!/usr/bin/env python3
"""Writes a copy of an uncompressed PDF whose glyphs mapped to U+0000 are each drawn inside an ActualText span.

A browser printing a notebook to PDF maps the glyphs it cannot trace back to a character (ligatures, old-style
figures) to U+0000 in the font's ToUnicode map, and writes the characters beside them in the page's content:
`/Span <</ActualText (ffi)>> BDC [<007B>] TJ EMC`. This script does the same to `null-glyph-map-cid.pdf`: each TJ
array showing such a glyph is split in three (before, the glyph in its span, after; the text matrix carries the
position on), the text taken from TEXT below (read off the page: "A" + <007B> + "cher" is "Afficher"). The ligature
"ffi" is written as a UTF-16BE hex string, the others as literal strings. The page's content stream is then
compressed (FlateDecode), as a browser's is, and the cross-reference table written anew.
Usage: python3 actual-text-spans.py null-glyph-map-cid.pdf null-glyph-actual-text.pdf
"""
import importlib.util
import os
import re
import sys
import zlib

# The cross-reference table is written anew as null-glyph-map.py writes it.
_spec = importlib.util.spec_from_file_location("rewrite", os.path.join(os.path.dirname(__file__), "null-glyph-map.py"))
rewrite = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(rewrite)

# The text of each glyph code the ToUnicode maps name U+0000, in both fonts of the page (the same code is the same
# text in both: "3" in the heading "Session 3" and in "345").
TEXT = {
    "007B": "ffi", "007D": "fi", "007A": "ff", "007E": "fl",
    "0079": "0", "0052": "1", "006B": "2", "006A": "3", "0039": "4",
    "0038": "5", "0065": "6", "0064": "7", "0033": "8", "004E": "9",
}


def pdf_text(text):
    if text == "ffi":
        return "<FEFF" + text.encode("utf-16-be").hex().upper() + ">"
    return "(" + text + ")"


def null_codes(data):
    return {code for cmap in re.findall(r"begincmap(.*?)endcmap", data, re.S)
            for code in re.findall(r"<([0-9A-Fa-f]{4})>\s*<0000>", cmap)}


def split_tj(array, nulls):
    """The TJ array as TJ operators, each null glyph alone in its span."""
    out, current = [], []

    def flush():
        if current:
            out.append("[" + "".join(current) + "]TJ")
            current.clear()

    for hexstr, number in re.findall(r"<([0-9A-Fa-f]+)>|(-?\d+(?:\.\d+)?)", array):
        if number:
            current.append(number)
            continue
        run = ""
        for k in range(0, len(hexstr), 4):
            code = hexstr[k:k + 4].upper()
            if code in nulls:
                if run:
                    current.append("<" + run + ">")
                    run = ""
                flush()
                out.append(f"/Span<</ActualText {pdf_text(TEXT[code])}>>BDC [<{code}>]TJ EMC")
            else:
                run += code
        if run:
            current.append("<" + run + ">")
    flush()
    return " ".join(out)


def main(source, target):
    data = open(source, "rb").read().decode("latin-1")
    nulls = null_codes(data)
    objects = re.split(r"(?m)^(?=\d+ 0 obj\b)", data)
    head, body = objects[0], objects[1:]
    out = []
    for obj in body:
        m = re.match(r"(\d+ 0 obj\s*)<<\s*/Length \d+\s*>>(\s*stream\r?\n)(.*?)(\r?\nendstream.*)", obj, re.S)
        if m and "TJ" in m.group(3):
            content = re.sub(r"\[([^\]]*)\]\s*TJ", lambda t: split_tj(t.group(1), nulls), m.group(3))
            packed = zlib.compress(content.encode("latin-1")).decode("latin-1")
            obj = (m.group(1) + f"<< /Filter /FlateDecode /Length {len(packed)} >>" + m.group(2) + packed
                   + m.group(4))
        out.append(obj)
    rewrite.write_objects(target, head, out, data)

if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
