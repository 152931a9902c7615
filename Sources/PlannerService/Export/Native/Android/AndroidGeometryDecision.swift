import TransitionEngine

/// Which of a layer's geometry rows Android writes exactly and which it samples, and why
/// (docs/NATIVE.md 4.3, 5.1): a table from the layer's class, the geometric tracks that move and
/// how each moves, to the rows and each track's reason (nil: exact). Where several reasons
/// apply to a track, `meta` names the first in ``NativeMeta/Reason/precedence``.
struct AndroidGeometryDecision: Equatable {
  /// How a geometric track that moves moves.
  struct Move: Equatable {
    enum Kind: Equatable {
      /// Between its ends on the plan's timing.
      case plain
      /// A retarget spring that translation and scale can carry: each row a spring from its
      /// velocity.
      case spring
      /// A transform's retarget spring outside the layer's class (or not two pure
      /// translations or scales).
      case springOutsideClass
      /// An additive retarget track.
      case additive
    }
    var kind: Kind
    /// A frame track's centre follows an arc.
    var arc = false

    var arcReason: NativeMeta.Reason? { arc ? .arc : nil }
    var additiveReason: NativeMeta.Reason? { kind == .additive ? .additive : nil }
  }

  enum Rows: Equatable {
    /// No geometric track moves.
    case none
    /// Translation and scale rows from the moving track's ends (a spring's with its velocity).
    case exact
    /// The arc's translation sampled, its scale exact.
    case arc
    /// One sampled group: the matrix, or translation and scale.
    case sampled
  }

  var rows: Rows
  var frameReason: NativeMeta.Reason? = nil
  var transformReason: NativeMeta.Reason? = nil

  /// The table. `frame` and `transform` are nil where the layer has no such track or it does
  /// not move.
  static func decide(_ g: AndroidPlatform.Geometry, frame: Move?, transform: Move?)
    -> AndroidGeometryDecision
  {
    switch (g, frame, transform) {
    case (_, nil, nil):
      return .init(rows: .none)
    // A matrix carries both tracks: the frame is always combined with the transform, which
    // keeps `transform` when plain.
    case (.matrix, _, _):
      return .init(
        rows: .sampled,
        frameReason: frame.flatMap { .first($0.arcReason, .combined, $0.additiveReason) },
        transformReason: transform.flatMap {
          .first(
            $0.kind == .additive ? nil : .transform, frame != nil ? .combined : nil,
            $0.additiveReason)
        })
    // Both drive translation and scale: their product is not one animator.
    case (_, let f?, let t?):
      return .init(
        rows: .sampled, frameReason: .first(f.arcReason, .combined, f.additiveReason),
        transformReason: .first(.combined, t.additiveReason))
    case (_, let f?, nil):
      switch f.kind {
      case .plain: return f.arc ? .init(rows: .arc, frameReason: .arc) : .init(rows: .exact)
      case .spring, .springOutsideClass: return .init(rows: .exact)
      case .additive: return .init(rows: .sampled, frameReason: .first(f.arcReason, .additive))
      }
    case (_, nil, let t?):
      switch t.kind {
      case .plain, .spring: return .init(rows: .exact)
      case .springOutsideClass: return .init(rows: .sampled, transformReason: .transform)
      case .additive: return .init(rows: .sampled, transformReason: .additive)
      }
    }
  }
}
