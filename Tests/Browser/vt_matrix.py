"""4x4 transform maths for the View Transitions probes (vt_probes.py): CSS matrix3d() argument
order, products, projection of a box's corners, and CSS Transforms 2's interpolation of 3D
matrices (decompose, interpolate each part, recompose), written in the usual column-vector
convention: M[r][c] is css[c * 4 + r]."""

import math


def from_css(m):
    return [[m[c * 4 + r] for c in range(4)] for r in range(4)]


def to_css(M):
    return [M[r][c] for c in range(4) for r in range(4)]


def mul(A, B):
    return [[sum(A[r][k] * B[k][c] for k in range(4)) for c in range(4)] for r in range(4)]


def identity():
    return [[1.0 if r == c else 0.0 for c in range(4)] for r in range(4)]


def translate(x, y, z=0.0):
    M = identity()
    M[0][3], M[1][3], M[2][3] = x, y, z
    return M


def perspective(d):
    M = identity()
    M[3][2] = -1.0 / d
    return M


def rotate_y(degrees):
    a = math.radians(degrees)
    M = identity()
    M[0][0], M[0][2], M[2][0], M[2][2] = math.cos(a), math.sin(a), -math.sin(a), math.cos(a)
    return M


def rotate_z(degrees):
    a = math.radians(degrees)
    M = identity()
    M[0][0], M[0][1], M[1][0], M[1][1] = math.cos(a), -math.sin(a), math.sin(a), math.cos(a)
    return M


def flattened(M):
    """The 2D part of M (what matrix(a, b, c, d, e, f) keeps): no z, no perspective."""
    F = identity()
    F[0][0], F[1][0], F[0][1], F[1][1], F[0][3], F[1][3] = M[0][0], M[1][0], M[0][1], M[1][1], M[0][3], M[1][3]
    return F


def project(M, x, y):
    X = M[0][0] * x + M[0][1] * y + M[0][3]
    Y = M[1][0] * x + M[1][1] * y + M[1][3]
    W = M[3][0] * x + M[3][1] * y + M[3][3]
    return X / W, Y / W


def corners(M, origin, size):
    """The box's corners (top-left, top-right, bottom-right, bottom-left) with M applied about
    `origin` (transform-origin in the box), in the coordinates of the box's parent, the box at
    (0, 0)."""
    ox, oy = origin
    w, h = size
    return [tuple(o + v for o, v in zip((ox, oy), project(M, cx - ox, cy - oy)))
            for cx, cy in [(0, 0), (w, 0), (w, h), (0, h)]]


def css_text(M):
    return "matrix3d(" + ", ".join(repr(round(v, 12) + 0.0) for v in to_css(M)) + ")"


def parse_css(text):
    """A computed `transform` (`none`, `matrix(...)`, `matrix3d(...)`) as a matrix."""
    if text in ("none", ""):
        return identity()
    values = [float(v) for v in text.split("(", 1)[1].rstrip(")").split(",")]
    if text.startswith("matrix3d"):
        return from_css(values)
    a, b, c, d, e, f = values
    return from_css([a, b, 0, 0, c, d, 0, 0, 0, 0, 1, 0, e, f, 0, 1])


def _det3(m):
    return (m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]))


def inverse(M):
    """Gauss-Jordan with partial pivoting."""
    A = [row[:] + [1.0 if r == c else 0.0 for c in range(4)] for r, row in enumerate(M)]
    for c in range(4):
        p = max(range(c, 4), key=lambda r: abs(A[r][c]))
        A[c], A[p] = A[p], A[c]
        pivot = A[c][c]
        A[c] = [v / pivot for v in A[c]]
        for r in range(4):
            if r != c and A[r][c] != 0:
                f = A[r][c]
                A[r] = [v - f * w for v, w in zip(A[r], A[c])]
    return [row[4:] for row in A]


def _dot(a, b):
    return sum(x * y for x, y in zip(a, b))


def decompose(M):
    """CSS Transforms 2, 'Decomposing a 3D matrix', as M = P . T . R . K . S (P: perspective row,
    T: translation, R: the quaternion's rotation, K: skews (xy, xz, yz), S: scales)."""
    w = M[3][3]
    M = [[v / w for v in row] for row in M]
    A = [row[:] for row in M[:3]] + [[0.0, 0.0, 0.0, 1.0]]
    if any(abs(v) > 0 for v in M[3][:3]):
        inv = inverse(A)
        p = [sum(M[3][k] * inv[k][c] for k in range(4)) for c in range(4)]
    else:
        p = [0.0, 0.0, 0.0, 1.0]
    t = [A[0][3], A[1][3], A[2][3]]
    cols = [[A[r][c] for r in range(3)] for c in range(3)]
    s = [0.0, 0.0, 0.0]
    k = [0.0, 0.0, 0.0]  # xy, xz, yz
    s[0] = math.sqrt(_dot(cols[0], cols[0]))
    cols[0] = [v / s[0] for v in cols[0]]
    k[0] = _dot(cols[0], cols[1])
    cols[1] = [a - k[0] * b for a, b in zip(cols[1], cols[0])]
    s[1] = math.sqrt(_dot(cols[1], cols[1]))
    cols[1] = [v / s[1] for v in cols[1]]
    k[0] /= s[1]
    k[1] = _dot(cols[0], cols[2])
    cols[2] = [a - k[1] * b for a, b in zip(cols[2], cols[0])]
    k[2] = _dot(cols[1], cols[2])
    cols[2] = [a - k[2] * b for a, b in zip(cols[2], cols[1])]
    s[2] = math.sqrt(_dot(cols[2], cols[2]))
    cols[2] = [v / s[2] for v in cols[2]]
    k[1] /= s[2]
    k[2] /= s[2]
    c0, c1, c2 = cols
    cross = [c1[1] * c2[2] - c1[2] * c2[1], c1[2] * c2[0] - c1[0] * c2[2], c1[0] * c2[1] - c1[1] * c2[0]]
    if _dot(c0, cross) < 0:
        s = [-v for v in s]
        cols = [[-v for v in c] for c in cols]
    R = [[cols[c][r] for c in range(3)] for r in range(3)]
    q = [0.5 * math.sqrt(max(1 + R[0][0] - R[1][1] - R[2][2], 0)),
         0.5 * math.sqrt(max(1 - R[0][0] + R[1][1] - R[2][2], 0)),
         0.5 * math.sqrt(max(1 - R[0][0] - R[1][1] + R[2][2], 0)),
         0.5 * math.sqrt(max(1 + R[0][0] + R[1][1] + R[2][2], 0))]
    if R[2][1] < R[1][2]:
        q[0] = -q[0]
    if R[0][2] < R[2][0]:
        q[1] = -q[1]
    if R[1][0] < R[0][1]:
        q[2] = -q[2]
    return {"p": p, "t": t, "s": s, "k": k, "q": q}


def recompose(d):
    P = identity()
    P[3] = list(d["p"])
    x, y, z, w = d["q"]
    R = identity()
    R[0][:3] = [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)]
    R[1][:3] = [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)]
    R[2][:3] = [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)]
    K = identity()
    K[0][1], K[0][2], K[1][2] = d["k"]
    S = identity()
    S[0][0], S[1][1], S[2][2] = d["s"]
    return mul(mul(mul(mul(P, translate(*d["t"])), R), K), S)


def interpolate(A, B, f):
    """CSS Transforms 2's interpolation of two 3D matrices at progress f."""
    a, b = decompose(A), decompose(B)
    out = {key: [x + (y - x) * f for x, y in zip(a[key], b[key])] for key in ("p", "t", "s", "k")}
    product = max(-1.0, min(1.0, _dot(a["q"], b["q"])))
    if product == 1.0:
        out["q"] = list(a["q"])
    else:
        theta = math.acos(product)
        wb = math.sin(f * theta) / math.sqrt(1 - product * product)
        wa = math.cos(f * theta) - product * wb
        out["q"] = [x * wa + y * wb for x, y in zip(a["q"], b["q"])]
    return recompose(out)
