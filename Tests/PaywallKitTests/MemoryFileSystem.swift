import Foundation
import PaywallKit
import PaywallPlatform

extension FileSystem {
    /// An in-memory tree of text files, for loading a site through `SiteInputs.load` without a disk.
    static func memory(_ files: [String: String]) -> FileSystem { bytes(files.mapValues { Data($0.utf8) }) }
}
