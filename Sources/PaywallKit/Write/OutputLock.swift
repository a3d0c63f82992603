import PaywallPlatform

/// The lock file beside an output (`.NAME.paywall-lock`), held while a build writes it: the platform's file lock,
/// its failures as errors at the output.
enum OutputLock {
    /// Waits for the build that holds the lock, after calling `waiting`.
    static func take(_ path: String, location: SourceLocation,
                     waiting: () -> Void) throws(Diagnostic) -> Platform.FileLock {
        do throws(Platform.FileLock.Failure) {
            return try Platform.FileLock(path, waiting: waiting)
        } catch {
            switch error {
            case .cannotCreate(let reason):
                throw .error(location, "cannot create the lock file \(path): \(reason)", hint: "check the permissions")
            case .cannotLock(let reason):
                throw .error(location, "cannot lock the output: \(reason)")
            }
        }
    }
}
