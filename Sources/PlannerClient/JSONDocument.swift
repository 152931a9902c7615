import JSON

/// A parsed JSON answer and the exchange it came from.
public struct JSONDocument: Sendable {
  public var exchange: HTTPExchange
  public var json: JSONValue

  init(_ exchange: HTTPExchange) throws(PlannerClientError) {
    self.exchange = exchange
    do {
      json = try JSONParser.parse(exchange.body, maximumDepth: 64)
    } catch {
      throw .unexpectedBody(status: exchange.status, message: error.message)
    }
  }
}

// Readers of one JSON value, for the result types (PlanResult, StyleSummary).

func string(_ v: JSONValue?) -> String? {
  if case .string(let s) = v { return s }
  return nil
}

func number(_ v: JSONValue?) -> Double? {
  if case .number(let n) = v { return n }
  return nil
}
