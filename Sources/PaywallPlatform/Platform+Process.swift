#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Processes: one started to outlive this one.
extension Platform {
    /// `POSIX_SPAWN_SETSID` (POSIX.1-2024): 0x80 in glibc (declared only for `_GNU_SOURCE`, so not in Swift's Glibc
    /// module), 0x400 on Darwin (where 0x80 is `POSIX_SPAWN_START_SUSPENDED`).
    #if canImport(Darwin)
    static let spawnNewSession = Int16(POSIX_SPAWN_SETSID)
    #else
    static let spawnNewSession: Int16 = 0x80
    #endif

    /// Starts `path` with `arguments` (the first is its name) in a session of its own, so that it outlives this
    /// process and its terminal (where the system refuses a session, in a process group of its own, away from
    /// Ctrl-C), with standard input and output on /dev/null and this process's environment. The child is reaped on
    /// a thread while this process lives. False when it could not start.
    public static func spawnDetached(_ path: String, _ arguments: [String]) -> Bool {
        #if canImport(Darwin)
        var attributes: posix_spawnattr_t?
        var actions: posix_spawn_file_actions_t?
        #else
        var attributes = posix_spawnattr_t()
        var actions = posix_spawn_file_actions_t()
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if posix_spawnattr_setflags(&attributes, spawnNewSession) != 0 {
            posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        }
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for fd in 0...2 {
            posix_spawn_file_actions_addopen(&actions, Int32(fd), "/dev/null", fd == 0 ? O_RDONLY : O_WRONLY, 0)
        }
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { $0.withCString { strdup($0) } } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        guard posix_spawn(&pid, path, &actions, &attributes, argv, environment) == 0 else { return false }
        // Reaped here while this process lives (`serve`); after it exits, by init.
        let child = pid
        detachThread { waitpid(child, nil, 0) }
        return true
    }

    /// This process's environment, as `posix_spawn` takes it.
    private static var environment: UnsafePointer<UnsafeMutablePointer<CChar>?>? {
        #if canImport(Darwin)
        UnsafePointer(_NSGetEnviron().pointee)
        #else
        UnsafePointer(environ)
        #endif
    }

    /// Runs `body` on a new detached thread (a plain pthread of the default stack size); false when the system
    /// refused one.
    @discardableResult
    public static func detachThread(_ body: @escaping @Sendable () -> Void) -> Bool {
        let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        #if canImport(Darwin)
        var thread: pthread_t?
        #else
        var thread = pthread_t()
        #endif
        guard pthread_create(&thread, &attributes, { ThreadBody.run($0) }, context) == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(context).release()
            return false
        }
        return true
    }
}

/// A detached thread's closure, passed through `pthread_create`'s context pointer.
private final class ThreadBody: Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }

    /// The thread's start: runs the body and lets it go (the context is non-nil on Linux and Darwin alike).
    static func run(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
        guard let context else { return nil }
        Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().body()
        return nil
    }
}
