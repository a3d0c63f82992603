#if canImport(Glibc)
import Glibc
#endif

/// Linux inotify on a few folders: says at once that something in them changed, so the watcher need not
/// wait for its next poll (the poll still finds out what changed, and still runs where inotify is missing).
final class InotifyEvents: Sendable {
    private let fd: Int32

    /// nil when no folder could be watched.
    init?(folders: [String]) {
        fd = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard fd >= 0 else { return nil }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MODIFY | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_ATTRIB)
        let watched = folders.filter { inotify_add_watch(fd, $0, mask) >= 0 }.count
        guard watched > 0 else {
            Glibc.close(fd)
            return nil
        }
    }

    /// Waits up to `milliseconds` for an event; true when one came (all pending events are read).
    func wait(milliseconds: Int32) -> Bool {
        var request = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        guard poll(&request, 1, milliseconds) > 0 else { return false }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while read(fd, &buffer, buffer.count) > 0 {}
        return true
    }

    func close() { Glibc.close(fd) }
}
