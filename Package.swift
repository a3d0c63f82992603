// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "paywall",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "paywall", targets: ["paywall"]),
        .library(name: "PaywallKit", targets: ["PaywallKit"]),
        .library(name: "Mustache", targets: ["Mustache"]),
    ],
    targets: [
        // C libraries from Debian (or Homebrew), each wrapped by exactly one Swift file; ICU by the CLocale C target.
        .systemLibrary(name: "CCmarkGFM", pkgConfig: "libcmark-gfm",
                       providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]), .brew(["cmark-gfm"])]),
        .systemLibrary(name: "CYAML", pkgConfig: "yaml-0.1", providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]),
        .systemLibrary(name: "CQRencode", pkgConfig: "libqrencode",
                       providers: [.apt(["libqrencode-dev"]), .brew(["qrencode"])]),
        // jemalloc replaces the C library's malloc on Linux (PaywallPlatform's Allocator.swift).
        .systemLibrary(name: "CJemalloc", pkgConfig: "jemalloc", providers: [.apt(["libjemalloc-dev"])]),
        .systemLibrary(name: "CICU", pkgConfig: "icu-i18n", providers: [.apt(["libicu-dev"]), .brew(["icu4c"])]),
        .target(name: "CLocale", dependencies: ["CICU"],
                linkerSettings: [.linkedLibrary("icui18n"), .linkedLibrary("icuuc"), .linkedLibrary("icudata")]),
        // SHA-256 blocks on the CPU's SHA instructions (PaywallKit's SHA256.swift falls back to its own).
        .target(name: "CSHA256"),
        // The commit a binary was built from (a header the Makefile writes; none in other builds).
        .target(name: "CBuildInfo"),

        // Every OS call (files, locks, renames, sockets, signals, watching, processes): the rest reaches the
        // system only through this target's small interfaces.
        .target(name: "PaywallPlatform",
                dependencies: [.target(name: "CJemalloc", condition: .when(platforms: [.linux]))]),
        .target(name: "Mustache"),
        .executableTarget(name: "EmbedTheme"),
        .plugin(name: "EmbedThemePlugin", capability: .buildTool(), dependencies: ["EmbedTheme"]),
        .target(name: "PaywallKit",
                dependencies: ["CCmarkGFM", "CYAML", "CQRencode", "CLocale", "CSHA256", "Mustache", "PaywallPlatform"],
                plugins: ["EmbedThemePlugin"]),
        .target(name: "PaywallServer", dependencies: ["PaywallKit", "PaywallPlatform", "Mustache"]),
        .target(name: "PaywallCLI", dependencies: ["PaywallKit", "PaywallPlatform", "PaywallServer", "CBuildInfo"]),
        .executableTarget(name: "paywall", dependencies: ["PaywallCLI"]),

        // What the test targets share: the Birdwatch example site, a temporary folder, a folder's snapshot.
        .target(name: "PaywallTestSupport", dependencies: ["PaywallKit", "PaywallPlatform"], path: "Tests/PaywallTestSupport"),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache"]),
        .testTarget(name: "PaywallKitTests", dependencies: ["PaywallKit", "PaywallPlatform", "PaywallTestSupport"],
                    exclude: ["Fixtures", "Golden"]),
        .testTarget(name: "PaywallCLITests", dependencies: ["PaywallCLI", "PaywallPlatform", "PaywallTestSupport"]),
        .testTarget(name: "PaywallServerTests", dependencies: ["PaywallServer", "PaywallPlatform", "PaywallTestSupport"]),
        // Replays the fuzz corpora through the fuzz targets' entries (Tests/Fuzz/Entries); the libFuzzer
        // binaries themselves (Tests/Fuzz/Targets) are built by `make fuzz`, outside SwiftPM.
        .testTarget(name: "FuzzTests", dependencies: ["PaywallKit", "PaywallPlatform", "PaywallServer", "Mustache", "PaywallTestSupport"],
                    path: "Tests/Fuzz",
                    exclude: ["Targets", "corpus", "dict", "known-bugs.txt", "README.md", "seeds.py"]),
    ],
    swiftLanguageModes: [.v6]
)
