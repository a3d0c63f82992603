/// Reads a page's front matter into a `Page`, collecting every problem with its place.
public enum PageLoader {
    static let keys = ["title", "groupID", "productIDs", "additionalProductIDs", "visibleRelationships", "marketing",
                       "controlStyle", "controlPlacement", "buttonLabel", "controlIcons", "badges", "selected",
                       "background", "containerBackground", "pickerItemBackground", "colorScheme", "policies",
                       "storeButtons", "optionGroups", "offer", "features", "billingPlan", "image"]

    /// The base name and locale of a content file name: `pro.pt-BR.md` → (`pro`, `pt-BR`).
    public static func nameAndLocale(_ fileName: String) -> (name: String, locale: String?) {
        let stem = fileName.hasSuffix(".md") ? String(fileName.dropLast(3)) : fileName
        guard let dot = stem.lastIndex(of: "."), dot != stem.startIndex else { return (stem, nil) }
        let suffix = String(stem[stem.index(after: dot)...])
        let language = LocaleID.language(suffix)
        guard (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter }),
              let locale = LocaleID.canonical(suffix) else { return (stem, nil) }
        return (String(stem[..<dot]), locale)
    }

    /// `premium.de_DE.md` → `premium.de-DE.md`: the file name of a translation whose locale is written Apple's way
    /// (`de_DE`, as in `.lproj` folders and `.storekit` files); nil when the name has no such locale.
    public static func hyphenatedTranslation(_ fileName: String) -> String? {
        let stem = fileName.hasSuffix(".md") ? fileName.dropLast(3) : Substring(fileName)
        guard let dot = stem.lastIndex(of: "."), dot != stem.startIndex, stem[dot...].containsText("_")
        else { return nil }
        let suffix = String(stem[stem.index(after: dot)...].map { $0 == "_" ? "-" : $0 })
        let (name, locale) = nameAndLocale(stem[..<dot] + "." + suffix + ".md")
        return locale.map { name + "." + $0 + ".md" }
    }

    /// Splits and parses a content file's front matter; the pairs can be merged with a translation's.
    public static func frontMatter(_ text: String, file: String) throws(Diagnostic)
        -> (pairs: [YAMLPair], root: YAMLNode, split: FrontMatter) {
        let split = try FrontMatter(splitting: text, file: file)
        let root = try YAML.parse(split.yaml, file: file, lineOffset: 1)
        let pairs = try root.pairs("the front matter")
        return (pairs, root, split)
    }

    /// Builds a page from front matter pairs (a translation's pairs replace the base file's, key by key).
    /// `featureLabels`: a translation's `features` (its labels translate the base file's rows, which `pairs` holds).
    public static func page(name: String, locale: String?, file: String, pairs: [YAMLPair], body: String, bodyLine: Int,
                            featureLabels: YAMLNode? = nil, diagnostics: inout Diagnostics) -> Page? {
        let root = YAMLNode(.mapping(pairs), at: SourceLocation(file: file, line: 2, column: 1))
        guard let reader = diagnostics.collect({ try MappingReader(root, "the front matter") }) else { return nil }
        let before = diagnostics.errorsReported
        diagnostics.append(contentsOf: reader.unknownKeys(keys))
        var keyLocations: [String: SourceLocation] = [:]
        for pair in pairs { keyLocations[pair.key] = pair.keyLocation }

        var selection: Page.Selection?
        var selectionLocation = root.location
        switch (reader["groupID"], reader["productIDs"]) {
        case (let group?, nil):
            selection = diagnostics.collect { .group(try group.nonEmptyString("groupID")) }
            selectionLocation = group.location
        case (nil, let products?):
            let items = diagnostics.collect { try products.sequenceOrScalar("productIDs") } ?? []
            selection = diagnostics.collect {
                let ids = try items.map { item throws(Diagnostic) in try item.nonEmptyString("productIDs") }
                guard !ids.isEmpty else {
                    throw Diagnostic.error(products.location, "productIDs is empty",
                                           hint: "list at least one product ID")
                }
                return .products(ids)
            }
            selectionLocation = products.location
        case (_?, let products?):
            diagnostics.error(products.location, "a page sets both groupID and productIDs",
                              hint: "keep exactly one of them")
        case (nil, nil):
            selection = .plain
            for key in Page.optionKeys where key != "additionalProductIDs" {
                guard let location = keyLocations[key] else { continue }
                diagnostics.error(location,
                                  "'\(key)' is about options, and this page has none (it names no groupID or "
                                  + "productIDs)",
                                  hint: "add 'groupID: GROUP' or 'productIDs: [ID, …]' to sell something here, "
                                        + "or remove '\(key)'")
            }
        }

        let title = diagnostics.collect { try reader["title"]?.string("title") } ?? nil
        let hasBody = body.unicodeScalars.contains { !$0.properties.isWhitespace }
        var page = Page(name: name, locale: locale, file: file, title: title ?? "",
                        selection: selection ?? .products([]), selectionLocation: selectionLocation,
                        marketing: hasBody ? .markdown : .automatic, body: body, bodyLine: bodyLine,
                        keyLocations: keyLocations)
        if case .sequence(let items)? = reader["productIDs"]?.value { page.productLocations = items.map(\.location) }
        if let node = reader["additionalProductIDs"] {
            if reader["groupID"] == nil {
                diagnostics.error(node.location, "additionalProductIDs adds one-time products to a groupID page",
                                  hint: reader["productIDs"] != nil
                                      ? "list these products in productIDs instead"
                                      : "add 'groupID: GROUP'")
            }
            diagnostics.collect {
                let items = try node.sequenceOrScalar("additionalProductIDs")
                page.additionalProductIDs = try items.map { item throws(Diagnostic) in
                    try item.nonEmptyString("additionalProductIDs")
                }
                page.additionalProductLocations = items.map(\.location)
            }
        }

        diagnostics.collect {
            if let node = reader["visibleRelationships"] {
                let items = try node.sequenceOrScalar("visibleRelationships")
                page.visibleRelationships = Set(try items.map { item throws(Diagnostic) in
                    try item.choice("relationship", Page.Relationship.self)
                })
            }
        }
        diagnostics.collect {
            if let node = reader["marketing"] { page.marketing = try node.choice("marketing", Page.Marketing.self) }
        }
        diagnostics.collect {
            if let node = reader["controlStyle"] {
                page.controlStyle = try node.choice("controlStyle", Page.ControlStyle.self)
            }
        }
        diagnostics.collect {
            if let node = reader["controlPlacement"] {
                page.controlPlacement = try node.choice("controlPlacement", Page.ControlPlacement.self)
            }
        }
        diagnostics.collect {
            if let node = reader["buttonLabel"] {
                let items = try node.sequenceOrScalar("buttonLabel")
                page.buttonLabel = Set(try items.map { item throws(Diagnostic) in
                    try item.choice("buttonLabel", Page.ButtonLabel.self)
                })
            }
        }
        diagnostics.collect { page.controlIcons = try stringMap(reader["controlIcons"], "controlIcons") }
        for pair in (try? reader["controlIcons"]?.pairs("controlIcons")) ?? [] {
            page.valueLocations["controlIcons.\(pair.key)"] = pair.value.location
        }
        diagnostics.collect { page.badges = try stringMap(reader["badges"], "badges") }
        diagnostics.collect { page.selected = try reader["selected"]?.nonEmptyString("selected") }
        if let node = reader["background"], let bg = diagnostics.collect({ try MappingReader(node, "background") }) {
            diagnostics.append(contentsOf: bg.unknownKeys(["color", "image"]))
            page.valueLocations["background.image"] = bg["image"]?.location
            diagnostics.collect {
                let color = try bg["color"].map { n throws(Diagnostic) in try CSSColor.check(n, "background.color") }
                page.background = Page.Background(color: color,
                                                  image: try bg["image"]?.nonEmptyString("background.image"))
            }
        }
        if let node = reader["containerBackground"],
           let cb = diagnostics.collect({ try MappingReader(node, "containerBackground") }) {
            diagnostics.append(contentsOf: cb.unknownKeys(["placement", "gradient", "color"]))
            diagnostics.collect {
                let placement = try cb["placement"]?.choice("placement", Page.ContainerBackground.Placement.self)
                    ?? .header
                var colors = try (cb["gradient"]?.sequence("gradient") ?? []).map { n throws(Diagnostic) in
                    try CSSColor.check(n, "gradient")
                }
                if let color = cb["color"] { colors = [try CSSColor.check(color, "containerBackground.color")] }
                guard !colors.isEmpty else {
                    throw Diagnostic.error(node.location, "containerBackground has no colour",
                                           hint: "add 'color: \"#…\"' or 'gradient: [\"#…\", \"#…\"]'")
                }
                page.containerBackground = Page.ContainerBackground(placement: placement, colors: colors)
            }
        }
        diagnostics.collect {
            page.colorScheme = try reader["colorScheme"]?.choice("colorScheme", SiteConfig.ColorScheme.self)
            page.image = try reader["image"]?.nonEmptyString("image")
            page.valueLocations["image"] = reader["image"]?.location
        }
        diagnostics.collect {
            page.pickerItemBackground = try reader["pickerItemBackground"].map { n throws(Diagnostic) in
                try CSSColor.check(n, "pickerItemBackground")
            }
        }
        if let node = reader["policies"] {
            page.policies = NativeCatalogLoader.policies(node, "policies", extraKeys: ["foregroundStyle"],
                                                         diagnostics: &diagnostics).policies
            diagnostics.collect {
                let styles = try node["foregroundStyle"]?.sequenceOrScalar("foregroundStyle") ?? []
                page.policyForeground = try styles.map { n throws(Diagnostic) in
                    try CSSColor.check(n, "policies.foregroundStyle")
                }
            }
        }
        if let node = reader["storeButtons"] {
            diagnostics.collect {
                for pair in try node.pairs("storeButtons") {
                    guard let button = Page.StoreButton(rawValue: pair.key) else {
                        let names = Page.StoreButton.allCases.map(\.rawValue)
                        let hint = suggestion(for: pair.key, in: names).map { "did you mean '\($0)'?" }
                            ?? "use one of: \(names.joined(separator: ", "))"
                        throw Diagnostic.error(pair.keyLocation, "unknown store button '\(pair.key)'", hint: hint)
                    }
                    page.storeButtons[button] = try pair.value.choice("visibility", Page.Visibility.self)
                }
            }
        }
        if let node = reader["optionGroups"] {
            page.optionGroups = diagnostics.collect { try optionGroups(node) } ?? nil
        }
        if let node = reader["offer"], let offer = diagnostics.collect({ try MappingReader(node, "offer") }) {
            diagnostics.append(contentsOf: offer.unknownKeys(["promotional"]))
            diagnostics.collect {
                page.promotionalOffer = try offer["promotional"]?.nonEmptyString("offer.promotional")
            }
        }
        diagnostics.collect {
            if let node = reader["billingPlan"] { page.billingPlan = try node.choice("billingPlan", BillingPlan.self) }
        }
        if let node = reader["features"] {
            page.features = diagnostics.collect { try features(node) }
            if locale != nil, page.features != nil {
                if let featureLabels {
                    translate(&page.features!, with: featureLabels, file: file, diagnostics: &diagnostics)
                } else {
                    diagnostics.warning(SourceLocation(file: file, line: 1, column: 1),
                                        "the page's features are not translated; they show in the base file's language",
                                        hint: "add 'features: { labels: { \(page.features!.texts.first ?? "Label"): "
                                              + "… } }' to the front matter")
                }
            }
        } else if let featureLabels {
            diagnostics.error(featureLabels.location, "features translates the base file's features, and it has none",
                              hint: "add 'features:' with its rows to the base file (content/\(name).md)")
        }
        return diagnostics.errorsReported == before ? page : nil
    }

    static func stringMap(_ node: YAMLNode?, _ what: String) throws(Diagnostic) -> [String: String] {
        var result: [String: String] = [:]
        for pair in try node?.pairs(what) ?? [] {
            result[pair.key] = try pair.value.nonEmptyString("\(what).\(pair.key)")
        }
        return result
    }

    static func optionGroups(_ node: YAMLNode) throws(DiagnosticsError) -> Page.OptionGroups? {
        var diagnostics = Diagnostics()
        guard let reader = diagnostics.collect({ try MappingReader(node, "optionGroups") })
        else { throw DiagnosticsError(diagnostics.all) }
        diagnostics.append(contentsOf: reader.unknownKeys(["style", "groupBy", "groups"]))
        let style = diagnostics.collect { try reader["style"]?.choice("style", Page.OptionGroups.Style.self) } ?? nil
        let groupBy = diagnostics.collect {
            try reader["groupBy"]?.choice("groupBy", Page.OptionGroups.GroupBy.self)
        } ?? nil
        var groups: [Page.OptionGroups.Group] = []
        let items = diagnostics.collect { try reader["groups"]?.sequence("groups") ?? [] } ?? []
        for item in items {
            diagnostics.collect {
                let group = try MappingReader(item, "an option group")
                if let unknown = group.unknownKeys(["label", "productIDs", "marketing", "billingPlan"]).first {
                    throw unknown
                }
                groups.append(.init(label: try group.required("label").nonEmptyString("label"),
                                    productIDs: try group.required("productIDs").sequenceOrScalar("productIDs")
                                        .map { n throws(Diagnostic) in try n.nonEmptyString("productIDs") },
                                    marketing: try group["marketing"]?.nonEmptyString("marketing"),
                                    location: item.location,
                                    billingPlan: try group["billingPlan"]?.choice("billingPlan", BillingPlan.self)))
            }
        }
        if groupBy != nil && !groups.isEmpty {
            diagnostics.error(node.location, "optionGroups sets both groupBy and groups", hint: "keep one of them")
        } else if groupBy == nil && groups.isEmpty {
            diagnostics.error(node.location, "optionGroups needs 'groupBy' or 'groups'",
                              hint: "add 'groupBy: period' or a list of groups")
        }
        guard !diagnostics.hasErrors else { throw DiagnosticsError(diagnostics.all) }
        return Page.OptionGroups(style: style ?? .automatic, groupBy: groupBy, groups: groups)
    }
}
