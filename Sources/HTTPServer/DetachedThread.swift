import Glibc

/// Starts `body` on a new detached pthread (the worker pool's threads and the event loops'
/// own). Returns false when the thread cannot be created; `body` is then released unrun.
func startDetachedThread(_ body: @escaping () -> Void) -> Bool {
  let box = Unmanaged.passRetained(ThreadBody(body))
  var thread = pthread_t()
  let rc = pthread_create(
    &thread, nil,
    { raw in
      Unmanaged<ThreadBody>.fromOpaque(raw!).takeRetainedValue().run()
      return nil
    }, box.toOpaque())
  guard rc == 0 else {
    box.release()
    return false
  }
  pthread_detach(thread)
  return true
}

private final class ThreadBody {
  let run: () -> Void
  init(_ run: @escaping () -> Void) { self.run = run }
}
