import Foundation
import PaywallPlatform

/// Every file below a folder with its bytes, for comparing a folder before and after (`==`) or reading what a
/// build wrote.
public enum TreeSnapshot {
    /// The regular files below `folder` (hidden ones too), by path relative to it. The folder's own path may go
    /// through links; below it, a link is not followed and is no file of the tree. [:] when there is no folder.
    public static func of(_ folder: String) -> [String: Data] {
        let root = Platform.realPath(folder) ?? folder
        var files: [String: Data] = [:]
        guard let walker = FileManager.default.enumerator(atPath: root) else { return files }
        while let relative = walker.nextObject() as? String {
            var info = stat()
            let path = root + "/" + relative
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, let data = FileManager.default.contents(atPath: path) else { continue }
            files[relative] = data
        }
        return files
    }
}
