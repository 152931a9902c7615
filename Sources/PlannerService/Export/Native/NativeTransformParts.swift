import TransitionEngine

/// Where each part of a decomposed transform sits in `TransformParts.values` (perspective,
/// translate, scale, skew, quaternion), so that a row names the parts it reads.
enum TransformPartIndex {
  static var perspective: Range<Int> { 0..<4 }
  static var translation: Range<Int> { 4..<7 }
  static var scale: Range<Int> { 7..<10 }
  static var skew: Range<Int> { 10..<13 }
  static var quaternion: Range<Int> { 13..<17 }

  static var translationX: Int { translation.lowerBound }
  static var translationY: Int { translation.lowerBound + 1 }
  static var scaleX: Int { scale.lowerBound }
  static var scaleY: Int { scale.lowerBound + 1 }
}

/// Where each part of a rect's velocity sits (a frame track's spring velocity: x, y, width,
/// height).
enum RectPartIndex {
  static var x: Int { 0 }
  static var y: Int { 1 }
  static var width: Int { 2 }
  static var height: Int { 3 }
}
