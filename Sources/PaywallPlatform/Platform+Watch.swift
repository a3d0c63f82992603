#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Platform {
    /// Linux inotify on a few folders: says at once that something in them changed, so that a watcher need not wait
    /// for its next poll (the poll still finds out what changed). Nil where there is no inotify (Darwin), when it
    /// cannot watch any of the folders, or with `PAYWALL_PORTABLE=1`: the watcher then only polls.
    public final class FolderEvents: Sendable {
        private let fd: Int32

        public init?(folders: [String]) {
            #if canImport(Glibc)
            guard !Platform.portable else { return nil }
            fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
            guard fd >= 0 else { return nil }
            let mask = UInt32(IN_CLOSE_WRITE | IN_MODIFY | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO
                              | IN_ATTRIB)
            let watched = folders.filter { inotify_add_watch(fd, $0, mask) >= 0 }.count
            guard watched > 0 else {
                Platform.close(fd)
                return nil
            }
            #else
            return nil
            #endif
        }

        /// Waits up to `milliseconds` for an event; true when one came (all pending events are read).
        public func wait(milliseconds: Int32) -> Bool {
            var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            guard poll(&request, 1, milliseconds) > 0 else { return false }
            var buffer = [UInt8](repeating: 0, count: 4096)
            while Platform.read(fd, &buffer, buffer.count) > 0 {}
            return true
        }

        public func close() { Platform.close(fd) }
    }
}
