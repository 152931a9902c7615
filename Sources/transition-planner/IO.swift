#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Minimal file and stream I/O on the C library, so the binary needs no full Foundation.
enum IO {
  static func readAll(fd: Int32) -> [UInt8]? {
    var out: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n < 0 {
        if errno == EINTR { continue }
        return nil
      }
      if n == 0 { return out }
      out.append(contentsOf: chunk[0..<n])
    }
  }

  struct Failure: Error {
    var reason: String
  }

  /// The file's bytes, or the reason they cannot be read.
  static func readFile(_ path: String) -> Result<[UInt8], Failure> {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { return .failure(Failure(reason: String(cString: strerror(errno)))) }
    defer { close(fd) }
    guard let bytes = readAll(fd: fd) else {
      return .failure(Failure(reason: String(cString: strerror(errno))))
    }
    return .success(bytes)
  }

  static func write(_ bytes: [UInt8], fd: Int32) {
    var offset = 0
    while offset < bytes.count {
      let n = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
      if n < 0 {
        if errno == EINTR { continue }
        return
      }
      offset += n
    }
  }

  static func out(_ text: String) { write(Array(text.utf8), fd: 1) }
  static func err(_ text: String) { write(Array(text.utf8), fd: 2) }
}
