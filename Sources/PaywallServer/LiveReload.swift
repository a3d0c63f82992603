#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Dispatch
import Synchronization

/// Live reload over Server-Sent Events: the endpoint, the script, and the hub that tells every open page to reload.
public final class LiveReload: Sendable {
    /// The event stream each page listens to.
    public static let eventsPath = "/__paywall/events"
    /// The script `serve` adds to every page.
    public static let scriptPath = "/__paywall/reload.js"
    /// It closes its stream as the page goes (a page that sends the visitor on at once would otherwise keep one of
    /// the browser's few connections to the preview open).
    public static let script = "const events = new EventSource('\(eventsPath)');\n"
        + "events.addEventListener('reload', () => location.reload());\n"
        + "addEventListener('pagehide', () => events.close());\n"

    /// What a listener receives.
    public enum Event: Sendable, Equatable {
        case reload(Int)
        /// Nothing happened for the ping interval.
        case timeout
        /// The hub closed: the server is stopping.
        case closed
    }

    /// One open event stream's queue.
    public final class Subscription: Sendable {
        fileprivate let state = Mutex<(events: [Int], closed: Bool)>(([], false))
        fileprivate let signal = DispatchSemaphore(value: 0)
        fileprivate weak let hub: LiveReload?

        fileprivate init(hub: LiveReload) { self.hub = hub }

        /// The next event, waiting at most `timeout`.
        public func next(timeout: Duration) -> Event {
            if let event = take() { return event }
            _ = signal.wait(timeout: .now() + .nanoseconds(Int(timeout / .nanoseconds(1))))
            return take() ?? .timeout
        }

        private func take() -> Event? {
            state.withLock { state in
                if !state.events.isEmpty { return .reload(state.events.removeFirst()) }
                return state.closed ? .closed : nil
            }
        }

        public func cancel() { hub?.remove(self) }
    }

    /// How often an idle stream sends a comment, so proxies and the browser keep it open.
    public let pingInterval: Duration
    private let state = Mutex<(subscribers: [ObjectIdentifier: Subscription], generation: Int, closed: Bool)>(
        ([:], 0, false))

    public init(pingInterval: Duration = .seconds(15)) {
        self.pingInterval = pingInterval
    }

    /// The number of open streams.
    public var listenerCount: Int { state.withLock { $0.subscribers.count } }

    /// How many reloads were sent.
    public var generation: Int { state.withLock { $0.generation } }

    public func subscribe() -> Subscription {
        let subscription = Subscription(hub: self)
        let closed = state.withLock { state in
            if !state.closed { state.subscribers[ObjectIdentifier(subscription)] = subscription }
            return state.closed
        }
        if closed { subscription.state.withLock { $0.closed = true } }
        return subscription
    }

    fileprivate func remove(_ subscription: Subscription) {
        _ = state.withLock { $0.subscribers.removeValue(forKey: ObjectIdentifier(subscription)) }
    }

    /// Tells every open page to reload.
    public func reload() {
        let (subscribers, generation) = state.withLock { state in
            state.generation += 1
            return (Array(state.subscribers.values), state.generation)
        }
        for subscriber in subscribers {
            subscriber.state.withLock { $0.events.append(generation) }
            subscriber.signal.signal()
        }
    }

    /// Ends every stream (the server is stopping).
    public func close() {
        let subscribers = state.withLock { state in
            state.closed = true
            defer { state.subscribers = [:] }
            return Array(state.subscribers.values)
        }
        for subscriber in subscribers {
            subscriber.state.withLock { $0.closed = true }
            subscriber.signal.signal()
        }
    }

    /// Streams events to a client until it goes away or the hub closes; `write` returns false when the client is gone.
    public func stream(_ write: (String) -> Bool) {
        let subscription = subscribe()
        defer { subscription.cancel() }
        guard write("retry: 1000\n: connected\n\n") else { return }
        while true {
            let text: String
            switch subscription.next(timeout: pingInterval) {
            case .reload(let generation): text = "event: reload\ndata: \(generation)\n\n"
            case .timeout: text = ": ping\n\n"
            case .closed: return
            }
            guard write(text) else { return }
        }
    }
}
