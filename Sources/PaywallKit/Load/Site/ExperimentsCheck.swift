import PaywallPlatform

/// What `experiments:` names in the content: each experiment's page (`content/PAGE.md`, a store or plain page) and
/// each variant's file (`content/PAGE+VARIANT.md`); a variant file that no experiment names is an error too. The
/// pages are then marked with their part (``ExperimentRole``), which their output, links and routes follow.
enum ExperimentsCheck {
    static func apply(_ config: SiteConfig, content: ContentFiles, policyNames: Set<String>,
                      pages: inout [String: [Page]], diagnostics: inout Diagnostics) {
        let pageNames = content.names.filter { !policyNames.contains($0) && Experiment.split(pageName: $0) == nil }
        var roles: [String: ExperimentRole] = [:]
        for experiment in config.experiments {
            guard content.files[experiment.page]?[""] != nil, !policyNames.contains(experiment.page) else {
                let hint = suggestion(for: experiment.page, in: pageNames).map { "did you mean '\($0)'? " } ?? ""
                diagnostics.error(experiment.pageLocation,
                                  policyNames.contains(experiment.page)
                                      ? "the experiment '\(experiment.id)' tests '\(experiment.page)', a policy page"
                                      : "the experiment '\(experiment.id)' tests the page '\(experiment.page)', "
                                          + "which has no content file (looked for \(path(experiment.page, content)))",
                                  hint: hint + "name a page of the site: "
                                      + (pageNames.isEmpty ? "add content/NAME.md" : pageNames.joined(separator: ", ")))
                continue
            }
            roles[experiment.page] = ExperimentRole(id: experiment.id, variant: Experiment.control,
                                                    control: experiment.page)
            for variant in experiment.variants where variant.name != Experiment.control {
                let name = experiment.pageName(of: variant.name)
                guard content.files[name]?[""] != nil else {
                    diagnostics.error(variant.location,
                                      "the variant '\(variant.name)' of '\(experiment.id)' has no content file "
                                          + "(looked for \(path(name, content)))",
                                      hint: "create content/\(name).md: the page \(experiment.page) as this variant "
                                          + "shows it (its own front matter and body)")
                    continue
                }
                roles[name] = ExperimentRole(id: experiment.id, variant: variant.name, control: experiment.page)
            }
        }
        for name in content.names where roles[name] == nil {
            guard let (page, variant) = Experiment.split(pageName: name),
                  // A variant of an experiment whose page is missing: that error says it all.
                  !config.experiments.contains(where: { experiment in
                      experiment.page == page && experiment.variants.contains { $0.name == variant }
                  })
            else { continue }
            let file = content.files[name]?.values.map(\.path).min() ?? path(name, content)
            let experiment = config.experiments.first { $0.page == page }
            diagnostics.error(SourceLocation(file: file),
                              "\(name) is a variant ('\(variant)' of '\(page)') that no experiment names",
                              hint: experiment.map { "add \(variant) to the variants of '\($0.id)' in paywall.yml" }
                                  ?? "add an experiment of '\(page)' to paywall.yml's experiments:, or rename the "
                                      + "file without '+'")
        }
        guard !roles.isEmpty else { return }
        for (locale, list) in pages {
            pages[locale] = list.map { page in
                var page = page
                page.experiment = roles[page.name]
                return page
            }
        }
    }

    static func path(_ name: String, _ content: ContentFiles) -> String {
        joinPath(content.folder, "content/\(name).md")
    }
}
