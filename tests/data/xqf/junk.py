"""Two XQF 1.8 (keyed) files laid out as the public BadMoveTest3.xqf and WildHouse.xqf of
walker8088/cchess are: the main line's last move says a move follows, and what follows is a
stray record (a move from an empty point), then the variations. junk-leaf: one stray record;
junk-chain: three chained stray records, the middle one with an alternative that is stray too."""
# Run: python3 tests/data/xqf/junk.py tests/data/xqf
import struct, sys, json
STREAM = b"[(C) Copyright Mr. Dong Shiwei.]"
def calkey(b, c): return ((((((b*b)*3+9)*3+8)*2+1)*3+8)*c) & 0xFF
START = {  # slot order: R N B A K A B N R C C P P P P P, red then black; point = x*10+y
 'red': [(0,0),(1,0),(2,0),(3,0),(4,0),(5,0),(6,0),(7,0),(8,0),(1,2),(7,2),(0,3),(2,3),(4,3),(6,3),(8,3)],
 'black': [(0,9),(1,9),(2,9),(3,9),(4,9),(5,9),(6,9),(7,9),(8,9),(1,7),(7,7),(0,6),(2,6),(4,6),(6,6),(8,6)],
}
def pt(sq): return (ord(sq[0])-97)*10 + int(sq[1])
def build(records, comment_root=None):
    h = bytearray(0x400)
    h[0:2] = b"XQ"; h[2] = 18
    mask, ors = 0xFF, (0x12, 0x34, 0x56, 0x78)
    ks, kxy, kf = 0x10, 0x9C, 0x3D
    kt = (-(ks+kxy+kf)) % 256
    h[3] = mask; h[8:12] = bytes(ors); h[12:16] = bytes([ks, kxy, kf, kt])
    KXY = calkey(kxy, kxy); KF = calkey(kf, KXY); KT = calkey(kt, KF)
    RMK = ((ks*256 + kxy) % 32000) + 767
    f4 = [(ks & mask) | ors[0], (kxy & mask) | ors[1], (kf & mask) | ors[2], (kt & mask) | ors[3]]
    F32 = [STREAM[i] & f4[i % 4] for i in range(32)]
    pts = [x*10+y for (x,y) in START['red'] + START['black']]
    for i in range(32):
        h[0x10+i] = (pts[(KXY + i + 1) & 31] + KXY) & 0xFF
    out = bytearray()
    for (mv, nxt, alt, spare) in records:
        frm, to = (pt(mv[:2]), pt(mv[2:])) if mv else (0, 0)
        f = (0x80 if nxt else 0) | (0x40 if alt else 0) | 0x0C  # low bits: as the public files, ignored
        out.extend([(frm + 0x18 + KF) & 0xFF, (to + 0x20 + KT) & 0xFF, f, spare])
    data = bytes((b + F32[i % 32]) & 0xFF for i, b in enumerate(out))
    return bytes(h) + data
leaf = [(None, True, False, 0),
        ('h2e2', True, False, 7), ('h9g7', True, True, 201), ('h0g2', True, False, 5), ('i9h9', True, False, 0),
        ('e5e6', False, False, 238),                                       # stray: e5 is empty
        ('h7e7', True, False, 17), ('h0g2', False, False, 3)]
chain = [(None, True, False, 0),
         ('h2e2', True, False, 7), ('h9g7', True, True, 201), ('h0g2', True, False, 5), ('i9h9', True, False, 0),
         ('e5e6', True, False, 38), ('d5d6', True, True, 135), ('f5f6', False, False, 229),  # stray chain
         ('c5c6', False, False, 90),                                       # the stray alternative to d5d6
         ('h7e7', True, False, 17), ('h0g2', False, False, 3)]
open(sys.argv[1] + '/junk-leaf-v18.xqf', 'wb').write(build(leaf))
open(sys.argv[1] + '/junk-chain-v18.xqf', 'wb').write(build(chain))
