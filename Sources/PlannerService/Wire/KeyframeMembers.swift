import TransitionEngine

/// The keyframe members a layer reports besides `t`, `frame`, `alpha` and `transform`
/// (docs/API.md): `cornerRadius` when it has a radius track or a non-zero radius,
/// `contentFrame` when it has one, `shadowOpacity` when it has a shadow. The seeds' styles
/// have none, so their keyframes keep their bytes.
struct KeyframeMembers: OptionSet, Sendable {
  let rawValue: UInt8

  static let cornerRadius = KeyframeMembers(rawValue: 1)
  static let contentFrame = KeyframeMembers(rawValue: 2)
  static let shadowOpacity = KeyframeMembers(rawValue: 4)

  init(rawValue: UInt8) {
    self.rawValue = rawValue
  }

  init(_ layer: Layer) {
    var members: KeyframeMembers = []
    if layer.reportsCornerRadius { members.insert(.cornerRadius) }
    if layer.contentFrame != nil { members.insert(.contentFrame) }
    if layer.shadow != nil { members.insert(.shadowOpacity) }
    self = members
  }
}
