/// The two functions every component of a spring track is a combination of: a component's
/// error is `alpha f(s) + beta g(s)`, so a track evaluates the exponentials and the
/// trigonometry once per instant for all its components (docs/TIMING.md 14).
struct SpringBasis: Sendable, Hashable {
  let form: SpringOscillator.Form

  /// (f, g) at `s`: e^(-lambda s) (cos, sin)(wd s); e^(-w0 s) (1, s); (e^(r1 s), e^(r2 s)).
  @inline(__always)
  func at(_ s: Double) -> (Double, Double) {
    switch form {
    case .under(let lambda, let wd, _):
      let decay = exp(-lambda * s)
      return (decay * cos(wd * s), decay * sin(wd * s))
    case .critical(let w0, _):
      let decay = exp(-w0 * s)
      return (decay, decay * s)
    case .over(let r1, let r2, _, _):
      return (exp(r1 * s), exp(r2 * s))
    }
  }
}
