import CMalloc

/// glibc malloc thresholds for a process that plans: set once at start, before any thread.
///
/// Why process-wide state: a plan's keyframe arrays and its JSON buffer are each 50-250 KB. With
/// glibc's defaults, freeing them left more than the trim threshold free at the top of the heap,
/// so every plan gave those pages back with `brk` and the next one faulted them in again
/// (32,880 `brk` calls in one planner-bench run, `strace -f -c -e trace=brk`): expand push at
/// 120 fps took 101 µs in the engine against 27 µs for expand pop, which has more layers. With
/// the heap trimmed only past 16 MiB (``MemoryTrim`` still gives memory back after a burst) and
/// a fixed 4 MiB mmap threshold (larger answers still come from and go back to the kernel
/// whole), that row takes 24 µs (`.build/release/planner-bench --iterations 1000`).
public enum AllocatorTuning {
  public static let trimThresholdBytes: Int32 = 16 << 20
  public static let mmapThresholdBytes: Int32 = 4 << 20

  /// Applies the thresholds; false where the C library has no `mallopt`.
  @discardableResult
  public static func apply() -> Bool {
    cmalloc_set_thresholds(trimThresholdBytes, mmapThresholdBytes) == 1
  }
}
