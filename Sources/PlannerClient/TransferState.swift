/// Buffers shared with curl's callbacks for one transfer.
final class TransferState {
  let body: [UInt8]
  var readOffset = 0
  var response: [UInt8] = []
  var headers: [(name: String, value: String)] = []
  var finalHeaders: [(name: String, value: String)] = []
  var interim: [Int] = []
  var currentStatus = 0

  init(body: [UInt8]) { self.body = body }
}
