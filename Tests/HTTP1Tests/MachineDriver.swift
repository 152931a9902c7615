import XCTest

@testable import HTTP1

/// Drives a ``ConnectionMachine`` as the server's connection does, with no socket and a fake
/// clock, and records every action: the NIO `EmbeddedChannel` idea for the connection rules.
struct MachineDriver {
  typealias Machine = ConnectionMachine

  /// Seconds on the fake clock, as the machine's nanoseconds.
  static func at(_ seconds: Double) -> UInt64 { UInt64(seconds * 1e9) }

  var machine: Machine
  /// Heads in arrival order, and complete requests with their verdict's tag.
  var heads: [String] = []
  var requests: [(id: Int, target: String, body: String, tag: String)] = []
  /// What was sent: "100" for `100 Continue`, else "status target keep-alive|close".
  var sent: [String] = []
  /// The server problems sent, as "status detail".
  var problems: [String] = []
  /// What was done to the socket: "shutdown", "close".
  var socket: [String] = []
  var readInterest = true
  var writeInterest = false
  var deadline = UInt64.max
  var probes = 0
  var drainReports: [(answered: Int, cut: Int)] = []
  /// Bytes serialised and not yet taken by the peer.
  var pendingOutput = 0
  /// What the peer takes per write; nil: everything.
  var socketRoom: Int? = nil
  /// Whether a probe finds the peer gone.
  var peerGone = false
  /// Body bytes other connections hold in the server-wide budget.
  var otherBodies = 0
  var countedBody = 0
  var countedOutput = 0
  /// Input the socket holds for a ``ConnectionMachine/Action/read``.
  var unread: [[UInt8]] = []
  var now: UInt64 = 0
  /// Refuses a head by returning a response; nil accepts it with its target as the tag.
  var judge: (HTTPRequestHead) -> HTTPResponse? = { _ in nil }

  init(rules: ConnectionRules = ConnectionRules(), now: UInt64 = 0) {
    machine = Machine(rules: rules, now: now)
    self.now = now
    perform()
  }

  /// A driver whose rules differ from the defaults as `change` says.
  init(now: UInt64 = 0, _ change: (inout ConnectionRules) -> Void) {
    var rules = ConnectionRules()
    change(&rules)
    self.init(rules: rules, now: now)
  }

  var isClosed: Bool { machine.state == .closed }

  mutating func receive(_ text: String, now: UInt64? = nil) {
    receive(Array(text.utf8), now: now)
  }

  mutating func receive(_ bytes: [UInt8], now: UInt64? = nil) {
    if let now { self.now = now }
    machine.received(bytes, now: self.now)
    perform()
  }

  mutating func receiveEnd(now: UInt64? = nil) {
    if let now { self.now = now }
    machine.receivedEnd(now: self.now)
    perform()
  }

  mutating func answer(
    _ id: Int, _ status: Int = 200, body: [UInt8] = Array("ok".utf8), now: UInt64? = nil
  ) {
    if let now { self.now = now }
    machine.answer(id, .response(HTTPResponse(status: status, body: body)), now: self.now)
    perform()
  }

  mutating func tick(_ now: UInt64) {
    self.now = now
    machine.tick(now: now)
    perform()
  }

  /// The peer takes `bytes` (nil: everything) once the socket is writable.
  mutating func peerTakes(_ bytes: Int? = nil, now: UInt64? = nil) {
    if let now { self.now = now }
    socketRoom = bytes
    if machine.waitsForWritable {
      machine.writable(now: self.now)
    }
    perform()
  }

  mutating func drain(now: UInt64? = nil) {
    if let now { self.now = now }
    machine.drain(now: self.now)
    perform()
  }

  mutating func drainDeadline(now: UInt64? = nil) {
    if let now { self.now = now }
    machine.drainDeadline(now: self.now)
    perform()
  }

  mutating func perform() {
    while let action = machine.nextAction() {
      switch action {
      case .judge(let id, let head):
        heads.append(head.target)
        if let refusal = judge(head) {
          machine.verdict(id, .refuse(refusal))
        } else {
          let tag = head.target
          machine.verdict(
            id, .accept { _ in .now(HTTPResponse(status: 200, body: Array(tag.utf8))) })
        }
      case .run(let id, let head, let body, let responder):
        // The verdict's responder travels with the request: it answers with its head's target.
        var tag = ""
        if case .now(let r) = responder(HTTPRequest(head: head, body: body)) {
          tag = String(decoding: r.body, as: UTF8.self)
        }
        requests.append((id, head.target, String(decoding: body, as: UTF8.self), tag))
      case .send(let output):
        switch output {
        case .continueInterim:
          sent.append("100")
          pendingOutput += 25
        case .response(let response, let context):
          sent.append(
            "\(response.status) \(context.target) \(context.keepAlive ? "keep-alive" : "close")")
          pendingOutput += response.body.count + 100
        case .problem(let problem, let context):
          sent.append(
            "\(problem.status) \(context.target) \(context.keepAlive ? "keep-alive" : "close")")
          problems.append("\(problem.status) \(problem.detail)")
          pendingOutput += problem.detail.utf8.count + 100
        }
        machine.queued(pending: pendingOutput)
      case .write:
        let taken = min(pendingOutput, socketRoom ?? pendingOutput)
        pendingOutput -= taken
        if let room = socketRoom { socketRoom = room - taken }
        machine.written(sent: taken, pending: pendingOutput, blocked: pendingOutput > 0, now: now)
      case .read:
        if !unread.isEmpty { machine.received(unread.removeFirst(), now: now) }
      case .countBody(let delta):
        countedBody += delta
        machine.bodyBudget(total: countedBody + otherBodies)
      case .countOutput(let delta):
        countedOutput += delta
      case .readInterest(let on):
        readInterest = on
      case .writeInterest(let on):
        writeInterest = on
      case .deadline(let at):
        deadline = at
      case .probePeer:
        probes += 1
        machine.peerChecked(gone: peerGone)
      case .shutDownWriting:
        socket.append("shutdown")
      case .close:
        socket.append("close")
        pendingOutput = 0
      case .drainReport(let answered, let cut):
        drainReports.append((answered, cut))
      case .illegalEvent(let what):
        XCTFail("illegal event: \(what)")
      }
    }
  }

  static func get(_ target: String, _ extra: String = "") -> String {
    "GET \(target) HTTP/1.1\r\nHost: t\r\n\(extra)\r\n"
  }
}

/// What the connection machine's test classes share: the driver, seconds on its fake clock, and
/// a GET head.
protocol MachineTesting {}

extension MachineTesting {
  typealias Driver = MachineDriver

  static func at(_ seconds: Double) -> UInt64 { MachineDriver.at(seconds) }

  func get(_ target: String, _ extra: String = "") -> String { MachineDriver.get(target, extra) }
}
