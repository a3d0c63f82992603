#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import PaywallKit
import PaywallPlatform

/// `paywall catalog import FILE.storekit [-o catalog.yml] [--force]`: the equivalent native catalog, on stdout or
/// into a file (which replaces an existing one only with `--force`).
enum ImportCommand {
    static func run(_ options: Options, reporter: Reporter) -> Int32 {
        let file = options.file
        let data: Data
        do { data = try FileSystem.disk.read(file) } catch {
            let reason = (error as? FileSystem.ReadError)?.message ?? String(describing: error)
            reporter.report([.error(SourceLocation(file: file), "cannot read the file: \(reason)",
                                    hint: "name an Xcode StoreKit configuration file, such as Products.storekit")])
            return 1
        }
        let (yaml, diagnostics) = CatalogWriter.importStoreKit(data, file: file)
        reporter.report(diagnostics.sorted)
        guard let yaml else { return 1 }
        guard let output = options.output, output != "-" else {
            reporter.console.out(String(yaml.dropLast()))
            return 0
        }
        if let problem = refusal(output: output, input: file, force: options.force) {
            reporter.report([problem])
            return 1
        }
        if let reason = Platform.replaceFile(output, with: Array(yaml.utf8)) {
            reporter.report([.error(SourceLocation(file: output), "cannot write the catalog: \(reason)",
                                    hint: "check that its folder exists and can be written")])
            return 1
        }
        reporter.status("Wrote \(output). Next: point 'catalog:' in paywall.yml at it, "
                            + "and add further storefronts' prices where its comments say.")
        return 0
    }

    /// Why the catalog must not be written to `output`: it is (or links to) the input, or exists and `--force`
    /// was not given.
    static func refusal(output: String, input: String, force: Bool) -> Diagnostic? {
        if Platform.resolvedPath(output) == Platform.resolvedPath(input) {
            return .error(SourceLocation(file: output), "the output would replace the .storekit file it is read from",
                          hint: "write it to another file: -o catalog.yml")
        }
        if !force, Platform.entryExists(output) {
            return .error(SourceLocation(file: output), "\(output) already exists",
                          hint: "pass --force to replace it, or name another file with -o")
        }
        return nil
    }
}
