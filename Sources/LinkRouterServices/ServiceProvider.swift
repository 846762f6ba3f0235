import Synchronization

/// Makes the instances of one registered service: a new one per request, or one shared instance
/// made at the first request.
final class ServiceProvider<Service: Sendable>: Sendable {
    let lifetime: ServiceLifetime
    private let make: @Sendable () -> Service
    private let sharedInstance = Mutex<Service?>(nil)

    init(lifetime: ServiceLifetime, make: @escaping @Sendable () -> Service) {
        self.lifetime = lifetime
        self.make = make
    }

    /// A new instance, or the shared one. The shared instance is made under a lock, so concurrent
    /// first requests make it once and all receive it.
    func instance() -> Service {
        switch lifetime {
        case .perRequest:
            return make()
        case .shared:
            return sharedInstance.withLock { instance in
                if let instance { return instance }
                let made = make()
                instance = made
                return made
            }
        }
    }
}
