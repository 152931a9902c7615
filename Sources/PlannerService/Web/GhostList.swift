/// The hashes of the last keys the cache dropped from probation without a hit, oldest
/// forgotten first (S3-FIFO's ghost queue): a request for one of them soon after shows that
/// the probation window was too short for it, and its new entry goes straight to the main
/// queue. Only the 8-byte hash is kept; two keys sharing one merely promote an entry early.
struct GhostList {
  let capacity: Int
  /// Each remembered hash with the number of the `remember` that added it: a ring slot whose
  /// hash was forgotten and remembered again must not forget the newer one when it expires.
  private var stamps: [UInt64: UInt64] = [:]
  private var ring: [(digest: UInt64, stamp: UInt64)] = []
  private var next = 0
  private var stamp: UInt64 = 0

  init(capacity: Int = 0) {
    self.capacity = max(0, capacity)
  }

  var count: Int { stamps.count }

  mutating func remember(_ digest: UInt64) {
    guard capacity > 0 else { return }
    stamp &+= 1
    if ring.count < capacity {
      ring.append((digest, stamp))
    } else {
      let old = ring[next]
      if stamps[old.digest] == old.stamp { stamps.removeValue(forKey: old.digest) }
      ring[next] = (digest, stamp)
      next = (next + 1) % capacity
    }
    stamps[digest] = stamp
  }

  /// True when `digest` was remembered (and forgets it).
  mutating func forget(_ digest: UInt64) -> Bool {
    stamps.removeValue(forKey: digest) != nil
  }
}
