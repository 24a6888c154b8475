#!/usr/bin/env python3
"""Turns corecl_bench's Markdown output into the report: a bar chart of the
PoCL/CoreCL ratios (the newest PoCL's where the bench ran two) (PNG, drawn here with the standard library only) and the
section of docs/performance.md between the bench markers.

Usage: write_report.py <bench output> <command that produced it> <docs dir>
"""
import datetime
import re
import struct
import sys
import zlib

# A 5x7 bitmap font: each glyph is 7 rows of 5 bits (MSB left). Lower-case
# letters are drawn as capitals.
FONT = {
    'A': [14, 17, 17, 31, 17, 17, 17], 'B': [30, 17, 17, 30, 17, 17, 30],
    'C': [14, 17, 16, 16, 16, 17, 14], 'D': [30, 17, 17, 17, 17, 17, 30],
    'E': [31, 16, 16, 30, 16, 16, 31], 'F': [31, 16, 16, 30, 16, 16, 16],
    'G': [14, 17, 16, 23, 17, 17, 15], 'H': [17, 17, 17, 31, 17, 17, 17],
    'I': [14, 4, 4, 4, 4, 4, 14], 'J': [7, 2, 2, 2, 2, 18, 12],
    'K': [17, 18, 20, 24, 20, 18, 17], 'L': [16, 16, 16, 16, 16, 16, 31],
    'M': [17, 27, 21, 21, 17, 17, 17], 'N': [17, 17, 25, 21, 19, 17, 17],
    'O': [14, 17, 17, 17, 17, 17, 14], 'P': [30, 17, 17, 30, 16, 16, 16],
    'Q': [14, 17, 17, 17, 21, 18, 13], 'R': [30, 17, 17, 30, 20, 18, 17],
    'S': [15, 16, 16, 14, 1, 1, 30], 'T': [31, 4, 4, 4, 4, 4, 4],
    'U': [17, 17, 17, 17, 17, 17, 14], 'V': [17, 17, 17, 17, 17, 10, 4],
    'W': [17, 17, 17, 21, 21, 21, 10], 'X': [17, 17, 10, 4, 10, 17, 17],
    'Y': [17, 17, 10, 4, 4, 4, 4], 'Z': [31, 1, 2, 4, 8, 16, 31],
    '0': [14, 17, 19, 21, 25, 17, 14], '1': [4, 12, 4, 4, 4, 4, 14],
    '2': [14, 17, 1, 2, 4, 8, 31], '3': [31, 2, 4, 2, 1, 17, 14],
    '4': [2, 6, 10, 18, 31, 2, 2], '5': [31, 16, 30, 1, 1, 17, 14],
    '6': [6, 8, 16, 30, 17, 17, 14], '7': [31, 1, 2, 4, 8, 8, 8],
    '8': [14, 17, 17, 14, 17, 17, 14], '9': [14, 17, 17, 15, 1, 2, 12],
    '(': [2, 4, 8, 8, 8, 4, 2], ')': [8, 4, 2, 2, 2, 4, 8],
    ',': [0, 0, 0, 0, 12, 4, 8], '.': [0, 0, 0, 0, 0, 12, 12],
    '=': [0, 0, 31, 0, 31, 0, 0], '+': [0, 4, 4, 31, 4, 4, 0],
    '*': [0, 4, 21, 14, 21, 4, 0], '/': [0, 1, 2, 4, 8, 16, 0],
    '-': [0, 0, 0, 31, 0, 0, 0], ':': [0, 12, 12, 0, 12, 12, 0],
    '%': [24, 25, 2, 4, 8, 19, 3], ' ': [0] * 7,
}
SCALE = 2  # each font pixel becomes 2x2


def parse_rows(text):
    """(kernel, ratio) for every table row with a ratio, geometric mean last;
    and what the ratios compare. Where a table has several ratio columns
    (corecl_bench with two PoCLs), the last one: the newest PoCL's."""
    rows = []
    column, compared = 3, 'POCL'
    for line in text.splitlines():
        cells = [c.strip() for c in line.strip().strip('|').split('|')]
        if cells and cells[0] in ('kernel', 'program'):
            ratios = [i for i, c in enumerate(cells) if ' / ' in c]
            if ratios:
                column = ratios[-1]
                if cells[0] == 'kernel':
                    compared = cells[column].split(' / ')[0]
            continue
        if len(cells) > column and re.fullmatch(r'[0-9.]+x', cells[column]):
            rows.append((cells[0], float(cells[column][:-1])))
    return rows, compared


class Canvas:
    def __init__(self, width, height):
        self.width, self.height = width, height
        self.pixels = bytearray(b'\xff' * (width * height * 3))

    def rect(self, x0, y0, x1, y1, color):
        for y in range(max(0, y0), min(self.height, y1)):
            row = y * self.width * 3
            for x in range(max(0, x0), min(self.width, x1)):
                self.pixels[row + 3 * x:row + 3 * x + 3] = bytes(color)

    def text(self, x, y, string, color=(0, 0, 0)):
        for ch in string.upper():
            glyph = FONT.get(ch, FONT[' '])
            for gy, bits in enumerate(glyph):
                for gx in range(5):
                    if bits & (16 >> gx):
                        self.rect(x + gx * SCALE, y + gy * SCALE, x + (gx + 1) * SCALE,
                                  y + (gy + 1) * SCALE, color)
            x += 6 * SCALE
        return x

    def png(self):
        raw = b''.join(b'\x00' + bytes(self.pixels[y * self.width * 3:(y + 1) * self.width * 3])
                       for y in range(self.height))

        def chunk(kind, data):
            body = kind + data
            return struct.pack('>I', len(data)) + body + struct.pack('>I', zlib.crc32(body))

        header = struct.pack('>IIBBBBB', self.width, self.height, 8, 2, 0, 0, 0)
        return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', header) +
                chunk(b'IDAT', zlib.compress(raw, 9)) + chunk(b'IEND', b''))


def draw_chart(rows, compared):
    label_width = max(len(name) for name, _ in rows) * 6 * SCALE + 20
    bar_space, row_height = 420, 26
    width = label_width + bar_space + 90
    height = 50 + row_height * len(rows) + 30
    canvas = Canvas(width, height)
    canvas.text(10, 10, 'CORECL SPEED / %s SPEED (HIGHER IS BETTER FOR CORECL)' % compared)
    top = max(max(r for _, r in rows), 2.0) * 1.05
    scale = bar_space / top
    x0 = label_width
    for i, (name, ratio) in enumerate(rows):
        y = 45 + i * row_height
        canvas.text(10, y + 4, name)
        color = (40, 110, 200) if ratio >= 1 else (210, 70, 50)
        if name.startswith('geometric mean'):
            color = (60, 60, 60)
        canvas.rect(x0, y, x0 + int(ratio * scale), y + row_height - 8, color)
        canvas.text(x0 + int(ratio * scale) + 6, y + 4, '%.2fX' % ratio)
    # Reference line at 1x (parity with PoCL) and 2x (the target mean).
    for mark in (1, 2):
        x = x0 + int(mark * scale)
        canvas.rect(x, 40, x + 1, height - 25, (0, 0, 0))
        canvas.text(x - 6, height - 20, '%dX' % mark)
    return canvas.png()


def main():
    output_path, command, docs = sys.argv[1], sys.argv[2], sys.argv[3]
    text = open(output_path).read()
    rows, compared = parse_rows(text)
    if not rows:
        sys.exit('no table rows in ' + output_path)
    with open(docs + '/bench_ratios.png', 'wb') as f:
        f.write(draw_chart(rows, compared))
    # The tables and their captions (corecl_bench's, then real_programs.py's).
    kept = [line for line in text.splitlines()
            if line.startswith(('|', 'Limits:', 'Real programs')) or not line.strip()]
    table = re.sub(r'\n{3,}', '\n\n', '\n'.join(kept)).strip()
    section = ('<!-- bench:begin -->\n## Latest run (%s)\n\nCommand: `%s`\n\n%s\n\n'
               '![PoCL / CoreCL time ratios](bench_ratios.png)\n<!-- bench:end -->' %
               (datetime.date.today().isoformat(), command, table))
    doc_path = docs + '/performance.md'
    doc = open(doc_path).read()
    if '<!-- bench:begin -->' in doc:
        doc = re.sub(r'<!-- bench:begin -->.*<!-- bench:end -->', lambda _: section, doc,
                     flags=re.S)
    else:
        # The latest run goes first, right after the introduction.
        head, sep, rest = doc.partition('\n## ')
        doc = head + '\n' + section + '\n\n' + sep.lstrip('\n') + rest if sep else doc + section
    open(doc_path, 'w').write(doc)


if __name__ == '__main__':
    main()
