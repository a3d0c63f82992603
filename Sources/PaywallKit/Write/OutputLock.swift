import Foundation
import Synchronization

/// The lock file beside an output (`.NAME.paywall-lock`), held with `flock` while a build writes it. The holder
/// deletes the file when it is done, so a lock taken on a file that is no longer at its path is taken again on
/// the new one. The descriptor is closed once, when the lock goes away.
final class OutputLock: Sendable {
    private let fd: Int32
    private let path: String
    private let released = Mutex(false)

    /// Waits for the build that holds the lock, after calling `waiting`.
    init(_ path: String, location: SourceLocation, waiting: () -> Void) throws(Diagnostic) {
        self.path = path
        var toldWaiting = false
        while true {
            let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard fd >= 0 else {
                throw .error(location, "cannot create the lock file \(path): \(String(cString: strerror(errno)))", hint: "check the permissions")
            }
            if flock(fd, LOCK_EX | LOCK_NB) != 0 {
                if !toldWaiting { waiting(); toldWaiting = true }
                while flock(fd, LOCK_EX) != 0 {
                    guard errno == EINTR else {
                        close(fd)
                        throw .error(location, "cannot lock the output: \(String(cString: strerror(errno)))")
                    }
                }
            }
            var held = stat(), current = stat()
            if fstat(fd, &held) == 0, stat(path, &current) == 0, held.st_ino == current.st_ino, held.st_dev == current.st_dev {
                self.fd = fd
                return
            }
            close(fd)
        }
    }

    /// Deletes the lock file, then releases the lock; once.
    func release() {
        guard !released.withLock({ released in defer { released = true }; return released }) else { return }
        unlink(path)
        flock(fd, LOCK_UN)
    }

    deinit {
        release()
        close(fd)
    }
}
