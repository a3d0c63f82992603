/// `experiments:` in paywall.yml: a list of `{ id, page, variants: { NAME: PERCENT, … }, unit }`. What only the
/// content files can tell (the page and the variant files exist) is checked by ``ExperimentsCheck``.
extension SiteConfig {
    static let experimentKeys = ["id", "page", "variants", "unit"]

    /// Every experiment of the list, each problem collected with its place.
    static func loadExperiments(_ node: YAMLNode, diagnostics: inout Diagnostics) -> [Experiment] {
        guard let items = diagnostics.collect({ try node.sequence("experiments") }) else { return [] }
        var experiments: [Experiment] = []
        for item in items {
            guard let reader = diagnostics.collect({ try MappingReader(item, "an experiment") }) else { continue }
            diagnostics.append(contentsOf: reader.unknownKeys(experimentKeys))
            guard let experiment = diagnostics.collect({ try experiment(reader, at: item.location) }) else { continue }
            if let first = experiments.first(where: { $0.id == experiment.id }) {
                diagnostics.error(experiment.location, "the experiment ID '\(experiment.id)' is used twice "
                                      + "(first at line \(first.location.line))",
                                  hint: "give every experiment its own ID")
            } else if let first = experiments.first(where: { $0.page == experiment.page }) {
                diagnostics.error(experiment.pageLocation, "the page '\(experiment.page)' is already tested by the "
                                      + "experiment '\(first.id)': its address can lead to one variant only",
                                  hint: "test one page per experiment; add this experiment's variants to that one")
            } else {
                experiments.append(experiment)
            }
        }
        return experiments
    }

    static func experiment(_ reader: MappingReader, at location: SourceLocation) throws(Diagnostic) -> Experiment {
        let idNode = try reader.required("id")
        let id = try idNode.nonEmptyString("experiments.id")
        guard Experiment.isID(id) else {
            throw .error(idNode.location, "the experiment ID '\(id)' is not letters, digits and '-'",
                         hint: "name it like yearly-first (at most 64 characters): it is in every visitor's hash key")
        }
        let pageNode = try reader.required("page")
        let page = try pageNode.nonEmptyString("experiments.page")
        guard Identifier.isValid(page) else {
            throw .error(pageNode.location, "'\(page)' is not the name of a page",
                         hint: "name the content file's base name: pro for content/pro.md")
        }
        let variantsNode = try reader.required("variants")
        var variants: [Experiment.Variant] = []
        for pair in try variantsNode.pairs("experiments.variants") {
            guard Experiment.isName(pair.key), pair.key != Experiment.holdout else {
                throw .error(pair.keyLocation,
                             pair.key == Experiment.holdout
                                 ? "'holdout' names the visitors no variant takes; it cannot be a variant"
                                 : "the variant name '\(pair.key)' is not an identifier",
                             hint: "name a variant with letters, digits, '_' and '-', starting with a letter "
                                 + "(at most 40): its page is content/\(page)+NAME.md")
            }
            variants.append(Experiment.Variant(name: pair.key, weight: try weight(pair.value, pair.key),
                                               location: pair.keyLocation))
        }
        guard !variants.isEmpty else {
            throw .error(variantsNode.location, "the experiment '\(id)' has no variants",
                         hint: "list them with their shares in percent, such as { control: 50, annual: 50 }")
        }
        let total = variants.reduce(0) { $0 + $1.weight }
        guard total <= 10_000 else {
            throw .error(variantsNode.location,
                         "the variants' weights of '\(id)' sum to \(percent(total))%, over 100%",
                         hint: "make them sum to 100 or less (what is left is a holdout that sees the control)")
        }
        var unit: String?
        if let node = reader["unit"] {
            let name = try node.nonEmptyString("experiments.unit")
            guard Experiment.isParameter(name) else {
                throw .error(node.location, "the unit '\(name)' is not a query parameter name of letters, digits "
                                 + "and '_'", hint: "name the parameter your app adds to the page's URL, "
                                 + "such as app_user_id")
            }
            unit = name
        }
        return Experiment(id: id, page: page, variants: variants, unit: unit, location: idNode.location,
                          pageLocation: pageNode.location, variantsLocation: variantsNode.location)
    }

    /// A share in percent (`50`, `33.33`, `12.5%`) as hundredths of a percent.
    static func weight(_ node: YAMLNode, _ name: String) throws(Diagnostic) -> Int {
        let problem = Diagnostic.error(node.location, "the weight of '\(name)' must be a percent from 0 to 100",
                                       hint: "write a number with at most two decimals, such as 50 or 33.33")
        guard case .scalar(var text, _) = node.value else { throw problem }
        if text.hasSuffix("%") { text.removeLast() }
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), !parts[0].isEmpty, parts[0].count <= 3,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              parts.count == 1 || (1...2).contains(parts[1].count),
              let whole = Int(parts[0]) else { throw problem }
        let decimals = parts.count == 2 ? String(parts[1]) + (parts[1].count == 1 ? "0" : "") : "0"
        let hundredths = whole * 100 + (Int(decimals) ?? 0)
        guard hundredths <= 10_000 else { throw problem }
        return hundredths
    }

    /// Hundredths of a percent as a percent: `5000` → `50`, `3333` → `33.33`.
    static func percent(_ hundredths: Int) -> String {
        let rest = hundredths % 100
        return "\(hundredths / 100)" + (rest == 0 ? "" : "." + (rest < 10 ? "0" : "") + "\(rest)")
    }
}
