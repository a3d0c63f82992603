import Foundation

/// Writes a build atomically: into a temporary folder beside the output, then swapped in.
/// It only ever replaces a folder that paywall wrote (one holding `paywall-manifest.json`), or an empty one.
public enum SiteWriter {
    public static func write(_ files: [OutputFile], to output: String) throws(Diagnostic) {
        let manager = FileManager.default
        let target = URL(fileURLWithPath: output).standardizedFileURL
        let parent = target.deletingLastPathComponent()
        let location = SourceLocation(file: output)
        var isDirectory: ObjCBool = false
        let exists = manager.fileExists(atPath: target.path, isDirectory: &isDirectory)
        if exists {
            guard isDirectory.boolValue else {
                throw .error(location, "the output path is a file, not a folder", hint: "choose another output with -o DIR")
            }
            let entries = (try? manager.contentsOfDirectory(atPath: target.path)) ?? []
            let manifest = target.appendingPathComponent(Manifest.fileName)
            let owned = manager.fileExists(atPath: manifest.path) && (try? Data(contentsOf: manifest)).flatMap(Manifest.decode) != nil
            guard entries.isEmpty || owned else {
                throw .error(location, "the output folder is not empty and was not written by paywall (it has no \(Manifest.fileName))",
                             hint: "choose another output with -o DIR, or empty the folder yourself")
            }
        }
        do {
            try manager.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw .error(location, "cannot create \(parent.path): \(error.localizedDescription)")
        }
        let staging = parent.appendingPathComponent(".\(target.lastPathComponent).paywall-new-\(ProcessInfo.processInfo.processIdentifier)")
        let old = parent.appendingPathComponent(".\(target.lastPathComponent).paywall-old-\(ProcessInfo.processInfo.processIdentifier)")
        try? manager.removeItem(at: staging)
        if let unsafe = files.first(where: { $0.path.hasPrefix("/") || $0.path.split(separator: "/").contains { $0 == ".." || $0 == "." } }) {
            throw .error(location, "refusing to write '\(unsafe.path)' outside the output folder")
        }
        do {
            for file in files {
                let url = staging.appendingPathComponent(file.path)
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try file.data.write(to: url)
            }
        } catch {
            try? manager.removeItem(at: staging)
            throw .error(location, "cannot write the output: \(error.localizedDescription)", hint: "check the disk space and permissions")
        }
        do {
            if exists {
                try manager.moveItem(at: target, to: old)
            }
            do { try manager.moveItem(at: staging, to: target) } catch {
                if exists { try? manager.moveItem(at: old, to: target) }
                throw error
            }
            if exists { try? manager.removeItem(at: old) }
        } catch {
            try? manager.removeItem(at: staging)
            throw .error(location, "cannot replace the output folder: \(error.localizedDescription)")
        }
    }
}
