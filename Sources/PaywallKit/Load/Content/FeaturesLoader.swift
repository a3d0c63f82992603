/// Reads a page's `features:` (the plan comparison) and a translation's `features: { labels: … }`.
extension PageLoader {
    static let featureKeys = ["placement", "rows"]
    static let featureRowKeys = ["label", "levels", "products", "values"]

    /// The base file's `features`: placement and rows; which levels or products exist is checked when resolving.
    static func features(_ node: YAMLNode) throws(DiagnosticsError) -> Page.Features {
        var diagnostics = Diagnostics()
        guard let reader = diagnostics.collect({ try MappingReader(node, "features") })
        else { throw DiagnosticsError(diagnostics.all) }
        for problem in reader.unknownKeys(featureKeys) {
            var problem = problem
            if problem.message.containsText("'labels'") {
                problem.hint = "labels translates features in a translation (content/NAME.LOCALE.md); here, "
                               + "write each row's label"
            }
            diagnostics.append(problem)
        }
        let placement = diagnostics.collect {
            try reader["placement"]?.choice("features.placement", Page.Features.Placement.self)
        } ?? nil
        var rows: [Page.Features.Row] = []
        let items = diagnostics.collect { try reader.required("rows").sequence("features.rows") } ?? []
        if items.isEmpty, reader["rows"] != nil {
            diagnostics.error(reader["rows"]?.location ?? node.location, "features.rows is empty",
                              hint: "add a row: '- { label: Offline maps, levels: [1] }'")
        }
        for item in items {
            diagnostics.collect { () throws(Diagnostic) in
                let row = try MappingReader(item, "a features row")
                if let unknown = row.unknownKeys(featureRowKeys).first { throw unknown }
                let label = try row.required("label").nonEmptyString("label")
                let given = ["levels", "products", "values"].filter { row[$0] != nil }
                guard given.count == 1 else {
                    throw Diagnostic.error(item.location,
                                           given.isEmpty
                                               ? "the features row '\(label)' says nothing about the plans"
                                               : "the features row '\(label)' sets \(given.joined(separator: " and "))",
                                           hint: "give exactly one of: levels: [1, 2] (the levels that include it), "
                                                 + "products: [ID, …], values: { 1: Unlimited, 2: \"10\" }")
                }
                let cells: Page.Features.Cells
                switch given[0] {
                case "levels":
                    let levels = try row.required("levels").sequenceOrScalar("levels")
                    cells = .levels(try levels.map { level throws(Diagnostic) in
                        let number = try level.int("a level")
                        guard number >= 1 else {
                            throw .error(level.location, "level \(number) is not a level of service",
                                         hint: "levels start at 1, the highest")
                        }
                        return .init(value: number, location: level.location)
                    })
                case "products":
                    let ids = try row.required("products").sequenceOrScalar("products")
                    cells = .products(try ids.map { id throws(Diagnostic) in
                        .init(value: try id.nonEmptyString("a product ID"), location: id.location)
                    })
                default:
                    cells = .values(try row.required("values").pairs("values").map { pair throws(Diagnostic) in
                        .init(key: .init(value: pair.key, location: pair.keyLocation),
                              text: try pair.value.nonEmptyString("the value of \(pair.key)"))
                    })
                }
                rows.append(.init(label: label, cells: cells, location: item.location))
            }
        }
        guard !diagnostics.hasErrors else { throw DiagnosticsError(diagnostics.all) }
        return Page.Features(placement: placement ?? .afterOptions, rows: rows, location: node.location)
    }

    /// A translation's `features: { labels: { Offline maps: Offline-Karten } }`, checked against the base file's
    /// texts; a text it leaves out stays in the base file's language (with a warning).
    static func translate(_ features: inout Page.Features, with node: YAMLNode, file: String,
                          diagnostics: inout Diagnostics) {
        guard let reader = diagnostics.collect({ try MappingReader(node, "features") }) else { return }
        for problem in reader.unknownKeys(["labels"]) {
            var problem = problem
            problem.hint = "a translation's features holds only 'labels' (the base file's text → this "
                           + "language's); rows and placement come from the base file"
            diagnostics.append(problem)
        }
        guard let labels = reader["labels"], let pairs = diagnostics.collect({ try labels.pairs("features.labels") })
        else { return }
        let texts = features.texts
        for pair in pairs {
            guard texts.contains(pair.key) else {
                diagnostics.error(pair.keyLocation, "'\(pair.key)' is not a label or value of the page's features",
                                  hint: suggestion(for: pair.key, in: texts).map { "did you mean '\($0)'?" }
                                      ?? "translate the base file's texts: \(texts.joined(separator: ", "))")
                continue
            }
            if let text = diagnostics.collect({ try pair.value.nonEmptyString("features.labels.\(pair.key)") }) {
                features.labels[pair.key] = text
            }
        }
        features.labelsLocation = labels.location
        let missing = texts.filter { features.labels[$0] == nil && $0.contains(where: \.isLetter) }
        if !missing.isEmpty {
            diagnostics.warning(labels.location,
                                "features.labels does not translate "
                                + "\(missing.map { "'\($0)'" }.joined(separator: ", ")); they show in the base file's "
                                + "language",
                                hint: "add '\(missing[0]): …' to features.labels in \(file)")
        }
    }
}

extension Page.Features {
    /// Every text a translation can translate: the rows' labels, then their values, each once.
    var texts: [String] {
        var seen = Set<String>()
        var result: [String] = []
        for row in rows {
            if seen.insert(row.label).inserted { result.append(row.label) }
            if case .values(let values) = row.cells {
                for value in values where seen.insert(value.text).inserted { result.append(value.text) }
            }
        }
        return result
    }
}
