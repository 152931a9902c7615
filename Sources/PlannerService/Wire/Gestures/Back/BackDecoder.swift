import JSON
import TransitionEngine

/// `gesture` of kind `back` (docs/GESTURES.md 2, 7): `pattern`, `density`, `parameters` in 4.6's
/// order, then the samples one by one, each's values before its stream rules.
extension InteractionRequestDecoder {
  func decodeBack<Node: JSONNode>(
    _ value: Node?, at pointer: JSONPointer, reader: inout FieldReader
  )
    -> BackGesture?
  {
    let errorsBefore = reader.errors.count
    let patternName = reader.string(
      value, "pattern", at: pointer, required: false,
      oneOf: BackPattern.allCases.map(\.rawValue))
    let patternReadable = value?["pattern"].map { $0.isNull || patternName != nil } ?? true
    let density =
      reader.number(value, "density", at: pointer, required: false, .leftOpen(0, 100)) ?? 1
    let pattern = patternName.flatMap(BackPattern.init(rawValue:)) ?? .crossActivity
    var parameters = BackParameters()
    // With an invalid pattern the parameters are not checked at all: which ones it reads is
    // unknown.
    let wire = GestureParameterWire(limits: limits)
    if patternReadable, let object = wire.object(value, at: pointer, reader: &reader) {
      for parameter in BackParameter.read(by: pattern) {
        if let v = wire.value(
          parameter.rawValue, parameter.kind, in: object, at: pointer + "parameters",
          reader: &reader)
        {
          parameters.set(parameter, v)
        }
      }
    }
    let samples = decodeBackSamples(value?["samples"], at: pointer + "samples", reader: &reader)
    guard let samples, reader.errors.count == errorsBefore else { return nil }
    return BackGesture(
      pattern: pattern, density: density, parameters: parameters, samples: samples)
  }

  func decodeBackSamples<Node: JSONNode>(
    _ value: Node?, at pointer: JSONPointer, reader: inout FieldReader
  ) -> [BackSample]? {
    let members = "{\"t\", \"state\", \"progress\", \"touchX\", \"touchY\", \"swipeEdge\"}"
    guard let value, !value.isNull else {
      reader.fail(pointer, "is required: an array of \(members)")
      return nil
    }
    guard let items = value.elements else {
      reader.fail(pointer, "must be an array of samples, not \(value.typeName)")
      return nil
    }
    var checker = BackStreamChecker(
      count: items.count, maximumSamples: limits.maximumGestureSamples,
      maximumSpan: limits.maximumGestureSpan)
    if let issue = checker.countIssue() {
      reader.fail(JSONPointer(segments: issue.field), issue.message)
      return nil
    }
    let edges = SwipeEdge.allCases.map(\.rawValue)
    var samples: [BackSample] = []
    samples.reserveCapacity(items.count)
    var complete = true
    for (index, item) in items.enumerated() {
      let p = pointer.appending(index)
      guard let sample = reader.object(item, at: p, required: true, what: members) else {
        complete = false
        _ = checker.check(index: index, t: nil, state: nil)
        continue
      }
      let errorsBefore = reader.errors.count
      let t = reader.number(sample, "t", at: p, required: true, .finite)
      let state = reader.string(
        sample, "state", at: p, required: true, oneOf: BackStreamChecker.stateNames
      ).flatMap(BackEventState.init(rawValue:))
      // Requiredness follows the state; a sample whose state is unknown has none.
      let opens = state == .began || state == .moved
      let progress = reader.number(
        sample, "progress", at: p, required: opens, .closed(0, 1))
      let touchX = touch(sample, "touchX", at: p, reader: &reader)
      let touchY = touch(sample, "touchY", at: p, reader: &reader)
      let edgeErrors = reader.errors.count
      let edge = reader.string(
        sample, "swipeEdge", at: p, required: state == .began, oneOf: edges
      ).flatMap(SwipeEdge.init(rawValue:))
      if reader.errors.count == edgeErrors,
        let issue = checker.edgeIssue(index: index, state: state, edge: edge)
      {
        reader.fail(JSONPointer(segments: issue.field), issue.message)
      }
      for issue in checker.check(index: index, t: t, state: state) {
        reader.fail(JSONPointer(segments: issue.field), issue.message)
      }
      if let t, let state, reader.errors.count == errorsBefore {
        samples.append(
          BackSample(
            t: t, state: state, progress: progress, touchX: touchX, touchY: touchY,
            swipeEdge: edge))
      } else {
        complete = false
      }
    }
    return complete ? samples : nil
  }

  /// `touchX` / `touchY`: nil when absent, NaN for null (a button press has no touch, and
  /// null does not inherit), else a number in [-1e7, 1e7] pixels.
  private func touch<Node: JSONNode>(
    _ sample: Node, _ key: String, at base: JSONPointer, reader: inout FieldReader
  ) -> Double? {
    if sample[key]?.isNull == true { return .nan }
    let m = limits.maximumCoordinate
    return reader.number(sample, key, at: base, required: false, .closed(-m, m))
  }
}
