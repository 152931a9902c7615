import Foundation

/// A request with a great many invalid fields, for the bound on how many a 422 lists
/// (docs/API.md "Errors"): an interaction over the zoom pop whose gesture has `samples`
/// samples, none with its `x` or `y` - two invalid fields a sample.
public enum ManyInvalidFields {
  public static func interaction(samples: Int) -> Data {
    var text = #"""
      {"transition":{"style":"zoom","operation":"pop","container":{"width":390,"height":844},
      "source":{"x":16,"y":220,"width":170,"height":170},
      "destination":{"x":0,"y":91,"width":390,"height":390}},
      "gesture":{"samples":[
      """#
    for i in 0..<samples {
      let state = i == 0 ? "began" : (i == samples - 1 ? "ended" : "changed")
      if i > 0 { text += "," }
      text += #"{"t":\#(Double(i) / 1000),"state":"\#(state)"}"#
    }
    text += "]}}"
    return Data(text.utf8)
  }

  /// The pointers of the first `count` errors such a request gets, in the order they are found.
  public static func firstPointers(_ count: Int) -> [String] {
    (0..<count).map { "/gesture/samples/\($0 / 2)/" + ($0 % 2 == 0 ? "x" : "y") }
  }
}
