/// Log lines on stdout, one write per line so lines from several threads never interleave.
enum AccessLog {
  static func write(_ line: String) {
    var bytes = Array(line.utf8)
    bytes.append(0x0A)
    IO.write(bytes, fd: 1)
  }

}
