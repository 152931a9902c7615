/// Small dense 4x4 helpers used once per track (decomposition), not per keyframe.
enum Matrix4 {
  /// Gauss-Jordan with partial pivoting; nil for a singular matrix.
  static func inverse(_ m: [[Double]]) -> [[Double]]? {
    var a = m
    var inv: [[Double]] = (0..<4).map { i in (0..<4).map { j in i == j ? 1 : 0 } }
    for col in 0..<4 {
      var pivot = col
      for r in col..<4 where abs(a[r][col]) > abs(a[pivot][col]) { pivot = r }
      if a[pivot][col] == 0 { return nil }
      a.swapAt(col, pivot)
      inv.swapAt(col, pivot)
      let d = a[col][col]
      for j in 0..<4 {
        a[col][j] /= d
        inv[col][j] /= d
      }
      for r in 0..<4 where r != col {
        let f = a[r][col]
        if f == 0 { continue }
        for j in 0..<4 {
          a[r][j] -= f * a[col][j]
          inv[r][j] -= f * inv[col][j]
        }
      }
    }
    return inv
  }
}
