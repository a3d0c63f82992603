import Mustache
import Synchronization

/// A counter that lambdas may bump across calls (`Interpolation - Multiple Calls`).
private final class Counter: Sendable {
    private let count = Mutex(0)

    func next() -> Int {
        count.withLock { value in
            value += 1
            return value
        }
    }
}

/// Swift versions of the `~lambdas` spec's lambdas, keyed by test name. Each call returns
/// fresh lambdas, so state such as call counters starts over for every run.
func specLambda(named test: String) -> MustacheLambda? {
    switch test {
    case "Interpolation":
        return MustacheLambda { "world" }
    case "Interpolation - Expansion":
        return MustacheLambda { "{{planet}}" }
    case "Interpolation - Alternate Delimiters":
        return MustacheLambda { "|planet| => {{planet}}" }
    case "Interpolation - Multiple Calls":
        let counter = Counter()
        return MustacheLambda { .int(counter.next()) }
    case "Escaping":
        return MustacheLambda { ">" }
    case "Section":
        return MustacheLambda { (text: String) in text == "{{x}}" ? "yes" : "no" }
    case "Section - Expansion":
        return MustacheLambda { (text: String) in .string(text + "{{planet}}" + text) }
    case "Section - Alternate Delimiters":
        return MustacheLambda { (text: String) in .string(text + "{{planet}} => |planet|" + text) }
    case "Section - Multiple Calls":
        return MustacheLambda { (text: String) in .string("__" + text + "__") }
    case "Inverted Section":
        return MustacheLambda { (_: String) in false }
    default:
        return nil
    }
}
