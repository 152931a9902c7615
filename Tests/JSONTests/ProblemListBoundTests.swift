import JSON
import Testing

/// A 422 lists at most 100 invalid fields and says how many there were (docs/API.md "Errors").
@Suite struct ProblemListBoundTests {
  static func errors(_ count: Int) -> [FieldError] {
    (0..<count).map { FieldError(pointer: "/f/\($0)", message: "must be a number") }
  }

  @Test func hundredFieldsAreListedWholeWithoutACount() throws {
    let problem = Problem.invalidFields(Self.errors(100))
    #expect(problem.errors.count == 100)
    #expect(problem.errorCount == nil)
    #expect(problem.detail == "100 fields are invalid")
    let text = String(decoding: problem.encoded(), as: UTF8.self)
    #expect(!text.contains("errorCount"))
  }

  @Test(arguments: [101, 20_000])
  func moreThanAHundredAreCutAndCounted(count: Int) throws {
    let problem = Problem.invalidFields(Self.errors(count))
    #expect(problem.errors == Array(Self.errors(100)))
    #expect(problem.errorCount == count)
    #expect(problem.detail == "\(count) fields are invalid; the first 100 are listed")
    let json = try JSONParser.parse(problem.encoded())
    guard case .array(let listed) = json["errors"] else {
      Issue.record("no errors list")
      return
    }
    #expect(listed.count == 100)
    #expect(json["errorCount"] == .number(Double(count)))
  }

  @Test func oneFieldKeepsItsSingularDetail() {
    #expect(Problem.invalidFields(Self.errors(1)).detail == "1 field is invalid")
  }
}
