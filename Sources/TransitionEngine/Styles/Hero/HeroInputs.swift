/// What hero reads from a request (docs/STYLES.md "hero"), declared for the wire layer to
/// decode, validate, canonicalise and describe. Defaults are left out of the canonical
/// request (``StyleInput/Defaults/omitted``): a grid of twenty elements would otherwise
/// repeat eight defaults each in its URL.
enum HeroInputs {
  static let maximumElements = 256
  static let maximumCoordinate = 10_000_000.0

  static let all: [StyleInput] = [screens, options]

  static let element: [StyleInput] = [
    StyleInput(
      "id", .identifier(maximumBytes: 128), required: true,
      summary: "unique within its screen (compared by UTF-8 bytes); matches the other screen's"),
    StyleInput(
      "frame", .rect, required: true, summary: "in container coordinates, untransformed"),
    StyleInput(
      "cornerRadius", .number(.closed(0, maximumCoordinate), defaultValue: 0), defaults: .omitted,
      summary: "points"),
    StyleInput(
      "alpha", .number(.closed(0, 1), defaultValue: 1), defaults: .omitted, summary: "opacity"),
    StyleInput(
      "opaque", .boolean(defaultValue: true), defaults: .omitted,
      summary: "whether it covers what is behind it (the auto cross-fade fades one image only)"),
    StyleInput(
      "content",
      .object([
        StyleInput(
          "width", .number(.leftOpen(0, maximumCoordinate), defaultValue: nil), required: true,
          summary: "points"),
        StyleInput(
          "height", .number(.leftOpen(0, maximumCoordinate), defaultValue: nil), required: true,
          summary: "points"),
      ]), defaults: .omitted,
      summary: "the intrinsic size of what it draws (an image), placed by contentMode"),
    StyleInput(
      "contentMode",
      .choice(ContentMode.allCases.map(\.rawValue), defaultValue: ContentMode.scaleToFill.rawValue),
      defaults: .omitted, summary: "how the content fits its frame"),
    StyleInput(
      "zIndex", .number(.closed(-1_000_000, 1_000_000), defaultValue: 0), defaults: .omitted,
      summary: "paint order of element layers (a pair reads its to element's)"),
    StyleInput(
      "arc", .number(.closed(-4, 4), defaultValue: 0), defaults: .omitted,
      summary: "arc intensity of a pair's path (read from the to element); 0 is straight"),
    StyleInput(
      "effect", .choice(HeroEffect.allCases.map(\.rawValue), defaultValue: nil),
      defaults: .omitted,
      summary: "for an unmatched element; absent: options.unmatched's (ignored on a pair)"),
  ]

  static func screen(_ name: String) -> StyleInput {
    StyleInput(
      name,
      .object([
        StyleInput(
          "elements", .list(element, maximumCount: maximumElements, uniqueKey: "id"),
          defaults: .omitted, summary: "at most \(maximumElements); may be empty or absent")
      ]), defaults: .omitted, summary: "the \(name) screen's elements")
  }

  static let screens = StyleInput(
    "screens", .object([screen("from"), screen("to")]), defaults: .omitted,
    summary: "the elements of both screens, matched by id")

  static let options = StyleInput(
    "options",
    .object([
      StyleInput(
        "preset", .choice(HeroPreset.allCases.map(\.rawValue), defaultValue: "fade"),
        defaults: .omitted, summary: "how the screens move (reversed for pop and dismiss)"),
      StyleInput(
        "direction", .choice(HeroDirection.allCases.map(\.rawValue), defaultValue: "leading"),
        defaults: .omitted, summary: "where the screens move (the opposite for pop and dismiss)"),
      StyleInput(
        "layoutDirection", .choice(LayoutDirection.allCases.map(\.rawValue), defaultValue: "ltr"),
        defaults: .omitted, summary: "resolves leading and trailing"),
      StyleInput(
        "crossfade", .choice(HeroCrossfade.allCases.map(\.rawValue), defaultValue: "auto"),
        defaults: .omitted, summary: "how a pair's two images blend"),
      StyleInput(
        "unmatched",
        .object([
          StyleInput(
            "enter", .choice(HeroEffect.allCases.map(\.rawValue), defaultValue: "none"),
            defaults: .omitted, summary: "effect of elements only on the to screen"),
          StyleInput(
            "exit", .choice(HeroEffect.allCases.map(\.rawValue), defaultValue: "none"),
            defaults: .omitted, summary: "effect of elements only on the from screen"),
        ]), defaults: .omitted, summary: "the effect of elements without a match"),
      StyleInput(
        "cascade",
        .option([
          StyleInput(
            "delta", .number(.closed(0, 1), defaultValue: 0.02), defaults: .omitted,
            summary: "seconds between two ranks"),
          StyleInput(
            "direction",
            .choice(CascadeDirection.allCases.map(\.rawValue), defaultValue: "topToBottom"),
            defaults: .omitted, summary: "the order unmatched elements start in"),
          StyleInput(
            "center",
            .object([
              StyleInput(
                "x", .number(.closed(-maximumCoordinate, maximumCoordinate), defaultValue: nil),
                required: true, summary: "points"),
              StyleInput(
                "y", .number(.closed(-maximumCoordinate, maximumCoordinate), defaultValue: nil),
                required: true, summary: "points"),
            ]), defaults: .omitted,
            summary: "for radial and inverseRadial; absent: the container's centre"),
          StyleInput(
            "delayMatched", .boolean(defaultValue: false), defaults: .omitted,
            summary: "pairs start after every ranked element"),
        ]), defaults: .omitted, summary: "present: unmatched elements start one after another"),
      StyleInput(
        "dimming", .number(.closed(0, 1), defaultValue: 0.1), defaults: .omitted,
        summary: "the darkest a dimming layer gets; 0: none"),
    ]), defaults: .omitted, summary: "how the screens and unmatched elements move")
}
