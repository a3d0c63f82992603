#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

extension Platform {
    /// A lock file held with `flock`. The holder deletes the file when it is done, so a lock taken on a file that
    /// is no longer at its path is taken again on the new one. The descriptor is closed once, when the lock goes away.
    public final class FileLock: Sendable {
        /// Why the lock could not be taken, with `strerror`'s words.
        public enum Failure: Error {
            case cannotCreate(String)
            case cannotLock(String)
        }

        private let fd: Int32
        private let path: String
        private let released = Mutex(false)

        /// Waits for whoever holds the lock, after calling `waiting`.
        public init(_ path: String, waiting: () -> Void) throws(Failure) {
            self.path = path
            var toldWaiting = false
            while true {
                let fd = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
                guard fd >= 0 else { throw .cannotCreate(Platform.errorText) }
                if flock(fd, LOCK_EX | LOCK_NB) != 0 {
                    if !toldWaiting { waiting(); toldWaiting = true }
                    while flock(fd, LOCK_EX) != 0 {
                        guard errno == EINTR else {
                            let reason = Platform.errorText
                            _ = Platform.close(fd)
                            throw .cannotLock(reason)
                        }
                    }
                }
                var held = stat(), current = stat()
                if fstat(fd, &held) == 0, stat(path, &current) == 0, held.st_ino == current.st_ino,
                   held.st_dev == current.st_dev {
                    self.fd = fd
                    return
                }
                _ = Platform.close(fd)
            }
        }

        /// Deletes the lock file, then releases the lock; once.
        public func release() {
            guard !released.withLock({ released in defer { released = true }; return released }) else { return }
            unlink(path)
            flock(fd, LOCK_UN)
        }

        deinit {
            release()
            _ = Platform.close(fd)
        }
    }
}
