import Mustache

extension Strings {
    /// Every UI string by its key, as templates read them under `t` (`{{t.subscribe}}`).
    var templateValue: MustacheValue { .object(MustacheObject(all.mapValues(MustacheValue.string))) }
}
