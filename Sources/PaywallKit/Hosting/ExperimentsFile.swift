/// `experiments.json` at the output root (DESIGN.md 5a): how a visitor is assigned (the hash, its key and the
/// cookie), and per experiment each variant's weight, its `[from, to)` range of the 32-bit hash and its paths per
/// locale, so that an app assigns its user as the hosts do and opens the variant's page directly.
enum ExperimentsFile {
    static let fileName = "experiments.json"

    /// The file for `experiments`, each variant's paths taken from the pages written (`entries`, paths of
    /// `index.html` files): `paths` its page per locale, `pages` every page of it per locale (customer states too).
    static func file(_ experiments: [Experiment], locales: [String], entries: [Manifest.Entry]) -> OutputFile {
        var byPage: [String: [String: [String]]] = [:]
        for entry in entries {
            let folder = entry.path.hasSuffix("index.html") ? String(entry.path.dropLast(10)) : entry.path
            byPage[entry.page, default: [:]][entry.locale, default: []].append(folder)
        }
        let list = experiments.map { experiment in
            let variants = experiment.ranges.map { range in
                let pages = byPage[range.page] ?? [:]
                let own = locales.filter { pages[$0] != nil }
                let paths = own.map { ($0, JSON.string("\($0)/\(range.page)/")) }
                let all = own.map { locale in
                    let main = "\(locale)/\(range.page)/"
                    let sorted = (pages[locale] ?? []).sorted { ($0 == main ? 0 : 1, $0) < ($1 == main ? 0 : 1, $1) }
                    return (locale, "[" + sorted.map(JSON.string).joined(separator: ",") + "]")
                }
                return "    " + JSON.object([
                    ("name", JSON.string(range.variant)), ("holdout", range.isHoldout ? "true" : "false"),
                    ("weight", SiteConfig.percent(range.weight)), ("from", "\(range.from)"), ("to", "\(range.to)"),
                    ("page", JSON.string(range.page)), ("paths", JSON.object(paths)), ("pages", JSON.object(all)),
                ])
            }
            return "  {" + [("id", JSON.string(experiment.id)), ("page", JSON.string(experiment.page)),
                            ("unit", experiment.unit.map(JSON.string) ?? "null"),
                            ("key", JSON.string(experiment.key(unit: "")))]
                .map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",")
                + ",\"variants\":[\n" + variants.joined(separator: ",\n") + "\n  ]}"
        }
        let hash = JSON.object([("function", JSON.string("murmurhash2")), ("bits", "32"), ("seed", "0"),
                                ("as", JSON.string("nginx ngx_murmur_hash2, split_clients")),
                                ("input", JSON.string("UTF-8 of key + unit")),
                                ("assign", JSON.string("the variant whose from <= hash < to"))])
        let unit = JSON.string("the unit query parameter as the URL writes it (not decoded), "
                               + "else the cookie's value")
        return OutputFile(fileName, "{\"generator\":\"paywall\",\"hash\":\(hash),\n\"cookie\":"
                              + "\(JSON.string(Experiment.cookie)),\"unitValue\":\(unit),\"experiments\":[\n"
                              + list.joined(separator: ",\n") + "\n]}\n")
    }

    typealias JSON = PageOffers.JSON
}
