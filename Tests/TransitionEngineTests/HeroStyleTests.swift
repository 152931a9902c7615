import Testing

@testable import TransitionEngine

@Suite("hero: docs/STYLES.md \"hero\" and TIMING.md sections 8-10")
struct HeroStyleTests {
  let width = 390.0
  let height = 844.0

  func screensOnly(_ preset: HeroPreset, _ options: HeroOptions = HeroOptions()) -> HeroScene {
    var o = options
    o.preset = preset
    return HeroScene(container: Size(width: width, height: height), options: o)
  }

  @Test("TIMING.md 8: duration from distance, 0.343676 s for the reference flight")
  func durationFromDistance() {
    #expect(
      abs(DurationFromDistance.duration(from: heroPhotoFrom, to: heroPhotoTo) - 0.343676) < 1e-6)
    let still = Rect(x: 1, y: 2, width: 3, height: 4)
    #expect(DurationFromDistance.duration(from: still, to: still) == 0.208)
    let far = Rect(x: 2000, y: 2, width: 3, height: 4)
    #expect(DurationFromDistance.duration(from: still, to: far) == 0.208 + 500.0 / 3000)
  }

  @Test("TIMING.md 9: the arc's control point and its midpoint (171.5, 300.25)")
  func arcReference() throws {
    let c = try #require(
      ArcPath.control(from: Point(x: 101, y: 305), to: Point(x: 195, y: 286), intensity: 1))
    #expect(c == Point(x: 195, y: 305))
    // Moving down the corner is the other one.
    #expect(
      ArcPath.control(from: Point(x: 195, y: 286), to: Point(x: 101, y: 305), intensity: 1)
        == Point(x: 195, y: 305))
    #expect(ArcPath.control(from: .zero, to: Point(x: 0.5, y: 300), intensity: 1) == nil)
    #expect(ArcPath.control(from: .zero, to: Point(x: 300, y: 300), intensity: 0) == nil)
    let half = ArcPath.control(from: .zero, to: Point(x: 100, y: -100), intensity: 0.5)
    #expect(half == Point(x: 75, y: -25))

    let choreography = heroChoreography(heroExample())
    let i = try #require(choreography.layers.firstIndex { $0.id == "photo-42@to" })
    let track = try #require(choreography.layers[i].tracks.first { $0.property == "frame" })
    #expect(track.arcControl == Point(x: 195, y: 305))
    let evaluator = ChoreographyEvaluator(choreography)
    let mid = evaluator.state(ofLayer: i, progressOfDelay: { _ in 0.5 }).frame
    #expect(abs(mid.center.x - 171.5) < 1e-9 && abs(mid.center.y - 300.25) < 1e-9)
    #expect(abs(mid.width - 280) < 1e-9 && abs(mid.height - 280) < 1e-9)
  }

  @Test("TIMING.md 10: content-fit rects and their midpoint")
  func contentFitReference() throws {
    let c = Size(width: 1200, height: 800)
    #expect(
      ContentFit.rect(.aspectFill, content: c, in: Size(width: 170, height: 170))
        == Rect(x: -42.5, y: 0, width: 255, height: 170))
    #expect(
      ContentFit.rect(.aspectFit, content: c, in: Size(width: 390, height: 390))
        == Rect(x: 0, y: 65, width: 390, height: 260))
    #expect(
      ContentFit.rect(.center, content: c, in: Size(width: 100, height: 100))
        == Rect(x: -550, y: -350, width: 1200, height: 800))
    #expect(
      ContentFit.rect(.scaleToFill, content: c, in: Size(width: 10, height: 20))
        == Rect(x: 0, y: 0, width: 10, height: 20))
    let choreography = heroChoreography(heroExample())
    let i = try #require(choreography.layers.firstIndex { $0.id == "photo-42@from" })
    let detail = ChoreographyEvaluator(choreography).detail(ofLayer: i) { _ in 0.5 }
    #expect(detail.contentFrame == Rect(x: -21.25, y: 32.5, width: 322.5, height: 215))
    #expect(detail.cornerRadius == 6)
  }

  @Test("an aspectFill thumbnail opens into an aspectFit photo without distortion")
  func contentAspectHolds() throws {
    for curve: CurveSpec in [.linearOutSlowIn, .spring(dampingRatio: 0.5, initialVelocity: 2)] {
      let p = try heroPlan(heroExample(), timing: TimingSpec(duration: 0.6, curve: curve))
      for (i, layer) in p.choreography.layers.enumerated() where layer.id.hasPrefix("photo-42") {
        for d in p.details(ofLayer: i) {
          #expect(abs(d.contentFrame.width / d.contentFrame.height - 1.5) < 1e-9)
        }
      }
    }
  }

  @Test("the last keyframe holds every track's to value")
  func lastKeyframeHoldsTo() throws {
    var options = HeroOptions(preset: .pageIn, enter: .scale, exit: .fade)
    options.cascade = HeroCascade(delta: 0.05)
    let p = try heroPlan(
      heroExample(options: options),
      timing: TimingSpec(curve: .spring(dampingRatio: 0.7, initialVelocity: 0)))
    for (i, layer) in p.choreography.layers.enumerated() {
      let last = try #require(p.keyframes[i].last)
      let detail = p.details(ofLayer: i).last
      for track in layer.tracks {
        switch track.change {
        case .frame(_, let to): #expect(last.frame == to)
        case .alpha(_, let to): #expect(last.alpha == to)
        case .transform(_, let to): #expect(last.transform == to)
        case .cornerRadius(_, let to): #expect(detail?.cornerRadius == to)
        case .contentFrame(_, let to): #expect(detail?.contentFrame == to)
        case .shadowOpacity(_, let to): #expect(detail?.shadowOpacity == to)
        }
      }
    }
    #expect(p.times.last == p.duration)
  }

  @Test("each preset's screen layers and tracks, forward, as STYLES.md's table")
  func presetTables() {
    let expected: [HeroPreset: [String]] = [
      .push: [
        "fromView: transform", "fromDimming: alpha,transform", "toView: transform,shadowOpacity",
      ],
      .pull: [
        "toView: transform", "toDimming: alpha,transform", "fromView: transform,shadowOpacity",
      ],
      .cover: ["fromView: ", "fromDimming: alpha", "toView: transform,shadowOpacity"],
      .uncover: ["toView: ", "toDimming: alpha", "fromView: transform,shadowOpacity"],
      .slide: ["fromView: transform", "toView: transform"],
      .zoomSlide: ["fromView: transform", "toView: transform"],
      .pageIn: [
        "fromView: transform", "fromDimming: alpha,transform", "toView: transform,shadowOpacity",
      ],
      .pageOut: [
        "toView: transform", "toDimming: alpha,transform", "fromView: transform,shadowOpacity",
      ],
      .fade: ["fromView: ", "toView: alpha"],
      .zoom: ["toView: transform", "fromView: alpha,transform"],
      .zoomOut: ["fromView: transform", "toView: alpha,transform"],
      .none: ["fromView: ", "toView: "],
    ]
    for preset in HeroPreset.allCases {
      #expect(heroChoreography(screensOnly(preset)).table == expected[preset], "\(preset)")
      // A reverse operation plays the reversed preset (its layers, from on top for slide...).
      let reverse = heroChoreography(screensOnly(preset.reversed), .pop).table
      if [.slide, .zoomSlide, .fade, .none].contains(preset) {
        #expect(reverse.first?.hasPrefix("toView") == true, "\(preset) reversed")
      } else {
        #expect(reverse == expected[preset], "\(preset)")
      }
    }
  }

  @Test("screen track values: shifts, scales, dimming and shadows")
  func presetValues() throws {
    let left = Transform3D.translation(x: -width, y: 0, z: 0)
    let right = Transform3D.translation(x: width, y: 0, z: 0)
    let push = heroChoreography(screensOnly(.push, HeroOptions(dimming: 0.3)))
    #expect(push.layer("toView")?.tracks.first?.change == .transform(from: right, to: .identity))
    #expect(push.layer("toView")?.shadow == LayerShadow(color: "#000000", radius: 5, offset: .zero))
    #expect(push.layer("toView")?.tracks.last?.change == .shadowOpacity(from: 0, to: 0.5))
    #expect(
      push.layer("fromView")?.tracks.first?.change
        == .transform(from: .identity, to: .translation(x: -width / 3, y: 0, z: 0)))
    #expect(push.layer("fromDimming")?.tracks.first?.change == .alpha(from: 0, to: 0.3))
    #expect(push.layer("fromDimming")?.content == .color("#000000"))
    #expect(push.layer("fromDimming")?.tracks.last == push.layer("fromView")?.tracks.first)

    // The pop of the same options: pull towards the right.
    let pop = heroChoreography(screensOnly(.push, HeroOptions(dimming: 0.3)), .pop)
    #expect(
      pop.table == [
        "toView: transform", "toDimming: alpha,transform", "fromView: transform,shadowOpacity",
      ])
    #expect(
      pop.layer("toView")?.tracks.first?.change
        == .transform(from: .translation(x: -width / 3, y: 0, z: 0), to: .identity))
    #expect(pop.layer("fromView")?.tracks.first?.change == .transform(from: .identity, to: right))
    #expect(pop.layer("toDimming")?.tracks.first?.change == .alpha(from: 0.3, to: 0))

    let up = heroChoreography(screensOnly(.slide, HeroOptions(direction: .up)))
    #expect(
      up.layer("toView")?.tracks.first?.change
        == .transform(from: .translation(x: 0, y: height, z: 0), to: .identity))
    #expect(
      up.layer("fromView")?.tracks.first?.change
        == .transform(from: .identity, to: .translation(x: 0, y: -height, z: 0)))
    let down = heroChoreography(screensOnly(.cover, HeroOptions(direction: .down)))
    #expect(
      down.layer("toView")?.tracks.first?.change
        == .transform(from: .translation(x: 0, y: -height, z: 0), to: .identity))

    let s08 = Transform3D.scale(x: 0.8, y: 0.8, z: 1)
    let zoomSlide = heroChoreography(screensOnly(.zoomSlide))
    #expect(
      zoomSlide.layer("toView")?.tracks.first?.change
        == .transform(from: s08.concatenating(right), to: .identity))
    #expect(
      zoomSlide.layer("fromView")?.tracks.first?.change
        == .transform(from: .identity, to: s08.concatenating(left)))
    let pageIn = heroChoreography(screensOnly(.pageIn))
    #expect(
      pageIn.layer("fromView")?.tracks.first?.change
        == .transform(from: .identity, to: .scale(x: 0.7, y: 0.7, z: 1)))
    let zoom = heroChoreography(screensOnly(.zoom))
    #expect(
      zoom.layer("fromView")?.tracks.map(\.change)
        == [.alpha(from: 1, to: 0), .transform(from: .identity, to: .scale(x: 1.3, y: 1.3, z: 1))])
    let fadeBack = heroChoreography(screensOnly(.fade), .dismiss)
    #expect(fadeBack.table == ["toView: ", "fromView: alpha"])
    #expect(heroChoreography(screensOnly(.push, HeroOptions(dimming: 0))).table.count == 2)
  }

  @Test("leading and trailing follow the layout direction")
  func rtl() {
    for preset in [HeroPreset.push, .slide, .cover, .zoomSlide] {
      for op in [TransitionOperation.push, .pop] {
        func scene(_ d: HeroDirection, _ l: LayoutDirection) -> HeroScene {
          screensOnly(preset, HeroOptions(direction: d, layoutDirection: l))
        }
        #expect(
          heroChoreography(scene(.leading, .rtl), op) == heroChoreography(scene(.right, .ltr), op))
        #expect(
          heroChoreography(scene(.trailing, .rtl), op) == heroChoreography(scene(.left, .ltr), op))
        #expect(
          heroChoreography(scene(.leading, .ltr), op) == heroChoreography(scene(.left, .ltr), op))
        #expect(
          heroChoreography(scene(.leading, .rtl), op) != heroChoreography(scene(.leading, .ltr), op)
        )
      }
    }
    // Cascade leading / trailing too.
    let frames = [
      Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 100, y: 0, width: 10, height: 10),
    ]
    #expect(CascadeDirection.leading.ranks(of: frames, center: .zero, layout: .ltr) == [0, 1])
    #expect(CascadeDirection.leading.ranks(of: frames, center: .zero, layout: .rtl) == [1, 0])
    #expect(CascadeDirection.trailing.ranks(of: frames, center: .zero, layout: .ltr) == [1, 0])
    #expect(CascadeDirection.trailing.ranks(of: frames, center: .zero, layout: .rtl) == [0, 1])
  }

  @Test("the example's layers, tracks and actions")
  func exampleLayers() throws {
    var options = HeroOptions(preset: .push, enter: .fade)
    options.cascade = HeroCascade(delta: 0.02)
    let c = heroChoreography(heroExample(options: options))
    #expect(
      c.table == [
        "fromView: transform", "fromDimming: alpha,transform", "toView: transform,shadowOpacity",
        "searchBar@from: alpha", "photo-42@from: frame,cornerRadius,contentFrame",
        "photo-42@to: frame,alpha,cornerRadius,contentFrame", "title-42@from: frame",
        "title-42@to: frame,alpha", "body@to: alpha",
      ])
    #expect(
      c.layer("photo-42@from")?.content
        == .element(screen: .from, element: ElementID("photo-42"), contentMode: .aspectFill))
    #expect(
      c.layer("photo-42@to")?.content
        == .element(screen: .to, element: ElementID("photo-42"), contentMode: .aspectFit))
    #expect(c.layer("photo-42@from")?.cornerRadius == 12)
    #expect(c.layer("body@to")?.tracks.first?.delay == 0.02)
    #expect(c.layer("searchBar@from")?.tracks.first?.delay == 0)
    func hide(_ s: ScreenRole, _ id: String, _ h: Bool) -> Action {
      Action(.screenElement(s, ElementID(id)), .hidden(h))
    }
    #expect(
      c.actions.start == [
        hide(.from, "photo-42", true), hide(.from, "title-42", true),
        hide(.from, "searchBar", true),
        hide(.to, "photo-42", true), hide(.to, "title-42", true), hide(.to, "body", true),
      ])
    let removes = [
      "fromDimming", "searchBar@from", "photo-42@from", "photo-42@to", "title-42@from",
      "title-42@to", "body@to",
    ].map { Action(.layer($0), .remove) }
    let shows = c.actions.start.map { Action($0.target, .hidden(false)) }
    #expect(c.actions.finish == shows + removes)
    #expect(c.actions.cancel == c.actions.finish)

    // Without effects the unmatched elements get no layer and are not hidden.
    let plain = heroChoreography(heroExample(options: HeroOptions(preset: .push)))
    #expect(plain.layer("body@to") == nil)
    #expect(plain.layer("searchBar@from") != nil)  // its own effect
    #expect(!plain.actions.start.contains(hide(.to, "body", true)))
  }

  @Test("cross-fade rules: auto, cross and none, forward and back")
  func crossfade() throws {
    func alphas(
      _ mode: HeroCrossfade, _ op: TransitionOperation, a0: Double = 1, a1: Double = 1,
      opaque: Bool = true
    ) -> [String] {
      let hero = HeroScene(
        container: Size(width: width, height: height),
        from: [HeroElement(id: "a", frame: heroPhotoFrom, alpha: a0, opaque: opaque)],
        to: [HeroElement(id: "a", frame: heroPhotoTo, alpha: a1)],
        options: HeroOptions(preset: .none, crossfade: mode))
      return heroChoreography(hero, op).layers.dropFirst(2).map { layer in
        let alpha = layer.tracks.first { $0.property == "alpha" }.map {
          if case .alpha(let f, let t) = $0.change { "\(f)->\(t)" } else { "" }
        }
        return layer.id + " " + (alpha ?? "held \(layer.alpha)")
      }
    }
    #expect(alphas(.auto, .push) == ["a@from held 1.0", "a@to 0.0->1.0"])
    #expect(alphas(.auto, .pop) == ["a@to held 1.0", "a@from 1.0->0.0"])
    #expect(alphas(.auto, .push, opaque: false) == ["a@from 1.0->0.0", "a@to 0.0->1.0"])
    #expect(alphas(.auto, .push, a1: 0.5) == ["a@from 1.0->0.0", "a@to 0.0->0.5"])
    #expect(alphas(.cross, .push) == ["a@from 1.0->0.0", "a@to 0.0->1.0"])
    #expect(alphas(.cross, .dismiss, a0: 0.8) == ["a@to 0.0->1.0", "a@from 0.8->0.0"])
    #expect(alphas(.none, .push, a1: 0.7) == ["a@to held 0.7"])
    #expect(alphas(.none, .pop, a0: 0.6) == ["a@from held 0.6"])
  }

  @Test("unmatched effects: fade and scale, forward and back; none has no layer")
  func effects() {
    func tracks(_ effect: HeroEffect, _ op: TransitionOperation) -> [[TrackChange]] {
      let hero = HeroScene(
        container: Size(width: width, height: height),
        from: [HeroElement(id: "x", frame: heroPhotoFrom, alpha: 0.9)],
        to: [HeroElement(id: "y", frame: heroPhotoTo)],
        options: HeroOptions(preset: .none, enter: effect, exit: effect))
      return heroChoreography(hero, op).layers.dropFirst(2).map { $0.tracks.map(\.change) }
    }
    let s = { (f: Double) in Transform3D.scale(x: f, y: f, z: 1) }
    #expect(tracks(.none, .push).isEmpty)
    #expect(tracks(.fade, .push) == [[.alpha(from: 0.9, to: 0)], [.alpha(from: 0, to: 1)]])
    #expect(
      tracks(.scale, .push) == [
        [.alpha(from: 0.9, to: 0), .transform(from: .identity, to: s(1.1))],
        [.alpha(from: 0, to: 1), .transform(from: s(0.8), to: .identity)],
      ])
    #expect(
      tracks(.scale, .pop) == [
        [.alpha(from: 0.9, to: 0), .transform(from: .identity, to: s(0.8))],
        [.alpha(from: 0, to: 1), .transform(from: s(1.1), to: .identity)],
      ])
    // An element's own effect wins over the options'; on a pair it is ignored.
    let hero = HeroScene(
      container: Size(width: width, height: height),
      from: [
        HeroElement(id: "p", frame: heroPhotoFrom, effect: .scale),
        HeroElement(id: "x", frame: heroPhotoFrom, effect: HeroEffect.none),
      ],
      to: [HeroElement(id: "p", frame: heroPhotoTo, effect: .fade)],
      options: HeroOptions(preset: .none, exit: .fade))
    #expect(
      heroChoreography(hero).table == [
        "fromView: ", "toView: ", "p@from: frame", "p@to: frame,alpha",
      ])
  }

  @Test("z order: zIndex, then exits < pairs < entries, then list position")
  func zOrder() {
    let f = Rect(x: 0, y: 0, width: 10, height: 10)
    let g = Rect(x: 50, y: 50, width: 20, height: 20)
    let hero = HeroScene(
      container: Size(width: width, height: height),
      from: [
        HeroElement(id: "exitHigh", frame: f, zIndex: 1), HeroElement(id: "pair", frame: f),
        HeroElement(id: "exitLow", frame: f), HeroElement(id: "pair2", frame: f, zIndex: 5),
      ],
      to: [
        HeroElement(id: "entry", frame: g), HeroElement(id: "pair2", frame: g),
        HeroElement(id: "pair", frame: g), HeroElement(id: "entryLow", frame: g, zIndex: -1),
      ],
      options: HeroOptions(preset: .none, enter: .fade, exit: .fade))
    // pair2 takes the to element's zIndex (0), so it ties with pair and sorts by to position.
    #expect(
      heroChoreography(hero).layers.dropFirst(2).map(\.id) == [
        "entryLow@to", "exitLow@from", "pair2@from", "pair2@to", "pair@from", "pair@to",
        "entry@to", "exitHigh@from",
      ])
    #expect(
      heroChoreography(hero, .pop).layers.dropFirst(2).map(\.id) == [
        "entryLow@to", "exitLow@from", "pair2@to", "pair2@from", "pair@to", "pair@from",
        "entry@to", "exitHigh@from",
      ])
  }

  @Test("cascade ranks for every direction, ties in layer order")
  func cascadeRanks() {
    let frames = [
      Rect(x: 200, y: 10, width: 50, height: 100),  // top 10, bottom 110, left 200, right 250
      Rect(x: 0, y: 50, width: 100, height: 10),  // top 50, bottom 60, left 0, right 100
      Rect(x: 100, y: 10, width: 10, height: 300),  // top 10, bottom 310, left 100, right 110
    ]
    let center = Point(x: 0, y: 55)
    func r(_ d: CascadeDirection, _ l: LayoutDirection = .ltr) -> [Int] {
      d.ranks(of: frames, center: center, layout: l)
    }
    #expect(r(.topToBottom) == [0, 2, 1])
    #expect(r(.bottomToTop) == [1, 2, 0])
    #expect(r(.leftToRight) == [2, 0, 1])
    #expect(r(.rightToLeft) == [0, 2, 1])
    #expect(r(.leading) == r(.leftToRight) && r(.leading, .rtl) == r(.rightToLeft))
    #expect(r(.trailing) == r(.rightToLeft) && r(.trailing, .rtl) == r(.leftToRight))
    // Centres (225, 60), (50, 55), (105, 160) from (0, 55): 225.06, 50, 148.7.
    #expect(r(.radial) == [2, 0, 1])
    #expect(r(.inverseRadial) == [0, 2, 1])
  }

  @Test("cascade delays every track of an exit or entry; delayMatched delays pairs")
  func cascadeDelays() throws {
    let row = { (y: Double) in Rect(x: 0, y: y, width: 100, height: 20) }
    var options = HeroOptions(preset: .push, enter: .scale, exit: .fade)
    options.cascade = HeroCascade(delta: 0.1, direction: .bottomToTop, delayMatched: true)
    let hero = HeroScene(
      container: Size(width: width, height: height),
      from: [HeroElement(id: "p", frame: row(0)), HeroElement(id: "gone", frame: row(300))],
      to: [
        HeroElement(id: "a", frame: row(100)), HeroElement(id: "p", frame: row(500)),
        HeroElement(id: "b", frame: row(200)),
      ],
      options: options)
    let c = heroChoreography(hero)
    func delays(_ id: String) -> [Double] { c.layer(id)?.tracks.map(\.delay) ?? [] }
    #expect(delays("gone@from") == [0])
    #expect(delays("b@to") == [0.1, 0.1])
    #expect(delays("a@to") == [0.2, 0.2])
    #expect(delays("p@from") == [0.30000000000000004])
    #expect(delays("p@to") == [0.30000000000000004, 0.30000000000000004])
    #expect(c.layer("toView")?.tracks.allSatisfy { $0.delay == 0 } == true)
    #expect(c.layer("fromDimming")?.tracks.allSatisfy { $0.delay == 0 } == true)
    let p = try heroPlan(hero)
    #expect(abs(p.duration - (p.timing.duration + 0.30000000000000004)) < 1e-15)
    // Before its delay a track holds its from value.
    let b = try #require(p.choreography.layers.firstIndex { $0.id == "b@to" })
    #expect(p.keyframes[b][6].alpha == 0)  // t = 0.1
    #expect(p.keyframes[b][7].alpha > 0)
  }

  @Test("a cascade that would last over 60 s is refused at its delta")
  func cascadeLimit() {
    let entries = (0..<100).map {
      HeroElement(id: "e\($0)", frame: Rect(x: 0, y: Double($0), width: 10, height: 10))
    }
    var options = HeroOptions(enter: .fade)
    options.cascade = HeroCascade(delta: 1)
    let hero = HeroScene(
      container: Size(width: width, height: height), to: entries, options: options)
    #expect(throws: PlanError.self) { try heroPlan(hero, fps: 1) }
    do {
      _ = try heroPlan(hero, fps: 1)
    } catch let error as PlanError {
      #expect(error.field == ["options", "cascade", "delta"])
      #expect(error.message.contains("99.0 s"))
    } catch {
      Issue.record("unexpected \(error)")
    }
    options.cascade = HeroCascade(delta: 0.5)
    #expect(throws: Never.self) {
      try heroPlan(
        HeroScene(container: Size(width: width, height: height), to: entries, options: options),
        fps: 1)
    }
  }

  @Test("the keyframe limit counts every layer before sampling")
  func keyframeLimit() {
    let entries = (0..<256).map {
      HeroElement(id: "e\($0)", frame: Rect(x: 0, y: Double($0), width: 10, height: 10))
    }
    var options = HeroOptions(enter: .fade)
    options.cascade = HeroCascade(delta: 0.02)
    let hero = HeroScene(
      container: Size(width: width, height: height), to: entries, options: options)
    do {
      _ = try heroPlan(hero, fps: 240)
      Issue.record("expected the keyframe limit")
    } catch let error as PlanError {
      #expect(error.field == ["frameRate"])
      #expect(error.message.hasPrefix("258 layers x "))
    } catch {
      Issue.record("unexpected \(error)")
    }
  }

  @Test("default timing: the curve per preset, the duration from the pairs' distances")
  func defaultTiming() throws {
    let hero = heroExample()
    let push = try heroPlan(hero)
    #expect(push.timing.curve.typeName == "linearOutSlowIn")
    #expect(push.timing.duration == 0.35)
    let pop = try heroPlan(hero, .pop)
    #expect(pop.timing.curve.typeName == "fastOutSlowIn")
    for (preset, curve) in [
      (HeroPreset.cover, "linearOutSlowIn"), (.pageIn, "linearOutSlowIn"),
      (.slide, "fastOutSlowIn"), (.zoom, "fastOutSlowIn"),
    ] {
      #expect(try heroPlan(screensOnly(preset)).timing.curve.typeName == curve)
    }
    #expect(try heroPlan(screensOnly(.fade)).timing.duration == 0.208)
    #expect(try heroPlan(screensOnly(.none)).timing.duration == 0.208)
    let reference = HeroScene(
      container: Size(width: width, height: height),
      from: [HeroElement(id: "a", frame: heroPhotoFrom)],
      to: [HeroElement(id: "a", frame: heroPhotoTo)])
    #expect(abs(try heroPlan(reference).timing.duration - 0.343676) < 1e-6)
    let far = HeroScene(
      container: Size(width: width, height: height),
      from: [
        HeroElement(id: "a", frame: heroPhotoFrom),
        HeroElement(id: "b", frame: .init(x: 0, y: 0, width: 1, height: 1)),
      ],
      to: [
        HeroElement(id: "a", frame: heroPhotoTo),
        HeroElement(id: "b", frame: .init(x: 0, y: 800, width: 1, height: 1)),
      ],
      options: HeroOptions(preset: .push))
    #expect(try heroPlan(far).timing.duration == 0.208 + 500.0 / 3000)
    // A request's timing replaces either part.
    let curveOnly = try heroPlan(reference, timing: TimingSpec(curve: .easeIn))
    #expect(abs(curveOnly.timing.duration - 0.343676) < 1e-6)
    let springOnly = try heroPlan(
      reference, timing: TimingSpec(curve: .spring(dampingRatio: 0.8, initialVelocity: 0)))
    #expect(abs(springOnly.timing.duration - 0.343676) < 1e-6)
    let durationOnly = try heroPlan(reference, timing: TimingSpec(duration: 2))
    #expect(
      durationOnly.timing.duration == 2 && durationOnly.timing.curve.typeName == "fastOutSlowIn")
  }

  @Test("ids match by their UTF-8 bytes")
  func byteMatching() {
    let composed = "caf\u{E9}"
    let decomposed = "cafe\u{301}"
    #expect(composed == decomposed)  // Swift's String equality is canonical equivalence
    let hero = HeroScene(
      container: Size(width: width, height: height),
      from: [HeroElement(id: composed, frame: heroPhotoFrom)],
      to: [HeroElement(id: decomposed, frame: heroPhotoTo)],
      options: HeroOptions(preset: .none, enter: .fade, exit: .fade))
    let ids = heroChoreography(hero).layers.dropFirst(2).map(\.id)
    #expect(ids.count == 2)
    #expect(ids.allSatisfy { !$0.hasSuffix("@from") || $0.utf8.count == composed.utf8.count + 5 })
  }

  @Test("a pop with the screens swapped shows at D - t what the push shows at t")
  func popMirrorsPush() throws {
    func swapped(_ id: String) -> String {
      if id.hasPrefix("from") { return "to" + id.dropFirst(4) }
      if id.hasPrefix("to") { return "from" + id.dropFirst(2) }
      if id.hasSuffix("@from") { return id.dropLast(5) + "@to" }
      if id.hasSuffix("@to") { return id.dropLast(3) + "@from" }
      return id
    }
    // Same arc, zIndex and content on both sides of every pair.
    let a = [
      HeroElement(
        id: "photo", frame: heroPhotoFrom, cornerRadius: 12,
        content: Size(width: 1200, height: 800),
        contentMode: .aspectFill, zIndex: 2, arc: 0.7),
      HeroElement(
        id: "title", frame: Rect(x: 16, y: 398, width: 170, height: 22), alpha: 0.8, opaque: false),
      HeroElement(id: "search", frame: Rect(x: 16, y: 100, width: 358, height: 36), alpha: 0.9),
    ]
    let b = [
      HeroElement(
        id: "photo", frame: heroPhotoTo, content: Size(width: 1200, height: 800),
        contentMode: .aspectFit, zIndex: 2, arc: 0.7),
      HeroElement(id: "title", frame: Rect(x: 20, y: 500, width: 350, height: 30)),
      HeroElement(id: "body", frame: Rect(x: 20, y: 540, width: 350, height: 200)),
    ]
    var checked = 0
    for preset in HeroPreset.allCases {
      for crossfade in HeroCrossfade.allCases {
        for effect in [HeroEffect.fade, .scale] {
          for direction in [HeroDirection.leading, .up] {
            let options = HeroOptions(
              preset: preset, direction: direction, crossfade: crossfade, enter: effect,
              exit: effect)
            let push = heroChoreography(
              HeroScene(
                container: Size(width: width, height: height), from: a, to: b, options: options),
              .push)
            let pop = heroChoreography(
              HeroScene(
                container: Size(width: width, height: height), from: b, to: a, options: options),
              .pop)
            #expect(Set(push.layers.map(\.id)) == Set(pop.layers.map { swapped($0.id) }))
            let pe = ChoreographyEvaluator(push)
            let qe = ChoreographyEvaluator(pop)
            for (i, layer) in push.layers.enumerated() {
              let j = try #require(pop.layers.firstIndex { swapped($0.id) == layer.id })
              for p in stride(from: 0.0, through: 1.0, by: 0.125) {
                let s = pe.state(ofLayer: i) { _ in p }
                let r = qe.state(ofLayer: j) { _ in 1 - p }
                let close = { (x: Double, y: Double) in abs(x - y) < 1e-9 }
                #expect(
                  close(s.alpha, r.alpha),
                  "\(preset) \(crossfade) \(effect) \(layer.id) alpha at \(p)")
                #expect(
                  close(s.frame.x, r.frame.x) && close(s.frame.y, r.frame.y)
                    && close(s.frame.width, r.frame.width) && close(s.frame.height, r.frame.height),
                  "\(preset) \(layer.id) frame at \(p)")
                #expect(
                  zip(s.transform.values, r.transform.values).allSatisfy { close($0, $1) },
                  "\(preset) \(layer.id) transform at \(p)")
                let sd = pe.detail(ofLayer: i) { _ in p }
                let rd = qe.detail(ofLayer: j) { _ in 1 - p }
                #expect(
                  close(sd.cornerRadius, rd.cornerRadius)
                    && close(sd.shadowOpacity, rd.shadowOpacity)
                    && close(sd.contentFrame.x, rd.contentFrame.x)
                    && close(sd.contentFrame.height, rd.contentFrame.height),
                  "\(preset) \(layer.id) detail at \(p)")
                checked += 1
              }
            }
          }
        }
      }
    }
    #expect(checked > 3000)
  }
}
