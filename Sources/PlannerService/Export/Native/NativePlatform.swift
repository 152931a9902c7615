import JSON
import TransitionEngine

/// A native platform (docs/NATIVE.md): what it supplies so that one driver writes its
/// documents for plans and pans (``NativeExporter``) and for back and dragDismiss keyframe
/// timelines (``NativeTimelineExporter``). The shared parts - the top level, the timing table,
/// `meta`, sampling - live beside this file; a platform's geometry, rows and timing entries in
/// its own folder (`CoreAnimation/`, `Android/`). Adding a platform is a folder and a line in
/// ``ExportFormat/nativePlatform``.
protocol NativePlatform {
  /// One entry of the document's timing table (docs/NATIVE.md 2.2).
  associatedtype Entry: Equatable
  /// What the platform's rows of one plan layer are.
  associatedtype LayerRows

  /// The document's `format`.
  static var format: StaticString { get }

  /// A platform writing the document of `source`, its timing table and `meta` empty.
  init(_ source: NativeDocument.Source)

  var timings: NativeTimingTable<Entry> { get }
  var meta: NativeMeta { get }

  /// A plan layer's rows, in its tracks' order; adds their timings and `meta` lines.
  mutating func rows(_ layer: Layer) -> LayerRows

  /// `{"id", ...}` of a plan layer, `index` its place in the document.
  func writeLayer(_ layer: Layer, index: Int, _ rows: LayerRows, _ w: inout JSONWriter)

  /// A timing table entry as JSON.
  static func write(_ entry: Entry, _ w: inout JSONWriter)

  /// The entry every row of a keyframe timeline shares: linear between its key times.
  static func keyframes(duration: Double, keyTimes: [Double]) -> Entry

  /// A keyframe timeline's layer with its rows (none when `rows` is false: a timeline of one
  /// instant), which list their properties in `meta` as sampled, reason `keyframes`.
  static func writeLayer(
    _ layer: NativeKeyframeLayer, rows: Bool, _ meta: inout NativeMeta, _ w: inout JSONWriter)

  /// The document of a plan or a pan (``NativeExporter``).
  static func document(_ source: NativeDocument.Source) -> [UInt8]

  /// The document of a keyframe timeline (``NativeTimelineExporter``).
  static func document(_ timeline: Timeline, _ gesture: NativeTimelineExporter.Gesture)
    -> [UInt8]
}

extension NativePlatform {
  // Called through the registry's metatype, these run the drivers specialized for the
  // platform rather than generically.
  static func document(_ source: NativeDocument.Source) -> [UInt8] {
    NativeExporter.export(Self.self, source)
  }

  static func document(_ timeline: Timeline, _ gesture: NativeTimelineExporter.Gesture)
    -> [UInt8]
  {
    NativeTimelineExporter.export(Self.self, timeline, gesture)
  }
}

/// The document of a plan or a pan on a native platform (docs/NATIVE.md 2, 7).
enum NativeExporter {
  static func export<P: NativePlatform>(_ platform: P.Type, _ source: NativeDocument.Source)
    -> [UInt8]
  {
    var platform = P(source)
    let layers = source.outline.choreography.layers
    var rows: [P.LayerRows] = []
    for layer in layers { rows.append(platform.rows(layer)) }
    var w = JSONWriter(capacity: 4096 + layers.count * 1024)
    NativeDocument.writeHead(P.format, source, &w)
    w.raw("\"timings\":[")
    for (i, entry) in platform.timings.entries.enumerated() {
      if i > 0 { w.byte(UInt8(ascii: ",")) }
      P.write(entry, &w)
    }
    w.raw("],\"layers\":[")
    for (i, layer) in layers.enumerated() {
      if i > 0 { w.byte(UInt8(ascii: ",")) }
      platform.writeLayer(layer, index: i, rows[i], &w)
    }
    w.byte(UInt8(ascii: "]"))
    NativeDocument.writeTail(source, meta: platform.meta, &w)
    return w.bytes
  }
}

extension ExportFormat {
  /// The registry of native platforms: a format's platform, or nil for a format that is not
  /// native.
  var nativePlatform: (any NativePlatform.Type)? {
    switch self {
    case .coreanimation: CoreAnimationPlatform.self
    case .android: AndroidPlatform.self
    default: nil
    }
  }
}
