import LinkRouterCore
import ServiceFixtureInterfaces
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// A service protocol, as an interface module would declare it.
protocol Greeter: Sendable {
    func greet() -> String
}

/// Another, that nothing implements.
protocol Payments: Sendable {}

/// An implementation whose instances are told apart by identity.
final class EnglishGreeter: Greeter {
    func greet() -> String { "hello" }
}

final class FrenchGreeter: Greeter {
    func greet() -> String { "bonjour" }
}

/// Counts the instances a registration makes.
final class MakeCounter: Sendable {
    private let count = Atomic(0)
    var value: Int { count.load(ordering: .relaxed) }

    /// A factory that counts each call.
    func counting<Service>(_ make: @escaping @Sendable () -> Service) -> @Sendable () -> Service {
        { self.count.add(1, ordering: .relaxed); return make() }
    }
}

struct ServiceTests {
    @Test("a registered service comes back typed, as the protocol")
    func typedLookup() throws {
        let router = Router()
        router.services.register((any Greeter).self) { EnglishGreeter() }
        let greeter: any Greeter = try router.services.service((any Greeter).self)
        #expect(greeter.greet() == "hello")
    }

    @Test("per request: every request makes a new instance")
    func perRequest() throws {
        let router = Router()
        let counter = MakeCounter()
        router.services.register((any Greeter).self, lifetime: .perRequest, make: counter.counting { EnglishGreeter() })
        let first = try router.services.service((any Greeter).self) as? EnglishGreeter
        let second = try router.services.service((any Greeter).self) as? EnglishGreeter
        #expect(first != nil && second != nil && first !== second)
        #expect(counter.value == 2)
    }

    @Test("shared: made at the first request, not at registration, then handed to every request")
    func sharedIsLazy() throws {
        let router = Router()
        let counter = MakeCounter()
        router.services.register((any Greeter).self, lifetime: .shared, make: counter.counting { EnglishGreeter() })
        #expect(counter.value == 0)
        let first = try router.services.service((any Greeter).self) as? EnglishGreeter
        let second = try router.services.service((any Greeter).self) as? EnglishGreeter
        #expect(first != nil && first === second)
        #expect(counter.value == 1)
    }

    @Test("shared: 100 concurrent first requests make one instance and all receive it")
    func sharedUnderConcurrentFirstUse() async throws {
        let router = Router()
        let counter = MakeCounter()
        router.services.register((any Greeter).self, lifetime: .shared, make: counter.counting {
            usleep(2_000)  // a slow init widens the window in which a second one could start
            return EnglishGreeter()
        })
        let gate = StartingGate(count: 100)
        let instances = await withTaskGroup(of: ObjectIdentifier?.self) { group in
            for _ in 0..<100 {
                group.addTask {
                    await gate.pass()
                    return (try? router.services.service((any Greeter).self) as? EnglishGreeter).map(ObjectIdentifier.init)
                }
            }
            return await group.reduce(into: [ObjectIdentifier?]()) { $0.append($1) }
        }
        #expect(instances.count == 100)
        #expect(!instances.contains(nil))
        #expect(Set(instances).count == 1)
        #expect(counter.value == 1)
    }

    @Test("a protocol without an implementation throws an error naming it")
    func notRegistered() {
        let router = Router()
        let name = String(reflecting: (any Payments).self)
        #expect(name == "LinkRouterCoreTests.Payments")
        #expect(throws: ServiceError.notRegistered(service: name)) { try router.services.service((any Payments).self) }
        let error = ServiceError.notRegistered(service: name)
        #expect(error.description.hasPrefix("no implementation of the service 'LinkRouterCoreTests.Payments' is registered"))
    }

    @Test("a manual registration replaces the protocol's earlier one, shared instance included")
    func manualRegistrationReplaces() throws {
        let router = Router()
        router.services.register((any Greeter).self, lifetime: .shared) { EnglishGreeter() }
        #expect(try router.services.service((any Greeter).self).greet() == "hello")
        router.services.register((any Greeter).self, lifetime: .shared) { FrenchGreeter() }
        #expect(try router.services.service((any Greeter).self).greet() == "bonjour")
    }

    @Test("services are per router")
    func perRouter() throws {
        let withGreeter = Router()
        withGreeter.services.register((any Greeter).self) { EnglishGreeter() }
        #expect(throws: ServiceError.self) { try Router().services.service((any Greeter).self) }
        #expect(try withGreeter.services.service((any Greeter).self).greet() == "hello")
    }

    @Test("required services without an implementation are reported until one is registered")
    func requiredServices() {
        let router = Router()
        router.services.require([(any Greeter).self, (any Payments).self, (any Greeter).self])
        #expect(router.services.validate() == [
            .missing(service: "LinkRouterCoreTests.Greeter"), .missing(service: "LinkRouterCoreTests.Payments"),
        ])
        router.services.register((any Greeter).self) { EnglishGreeter() }
        router.services.register((any Payments).self) { FakePayments() }
        #expect(router.services.validate().isEmpty)
    }

    @Test("a service that asks for itself while being made gets a cycle error, not a deadlock")
    func cycle() throws {
        let router = Router()
        let caught = Mutex<ServiceError?>(nil)
        // Weak: the router keeps its factories, so a factory holding the router would leak both.
        router.services.register((any Greeter).self, lifetime: .shared) { [weak router] in
            do throws(ServiceError) { _ = try router?.services.service((any Payments).self) } catch { caught.withLock { $0 = error } }
            return EnglishGreeter()
        }
        router.services.register((any Payments).self, lifetime: .perRequest) { [weak router] in
            do throws(ServiceError) { _ = try router?.services.service((any Greeter).self) } catch { caught.withLock { $0 = error } }
            return FakePayments()
        }
        #expect(try router.services.service((any Greeter).self).greet() == "hello")
        let names = ["LinkRouterCoreTests.Greeter", "LinkRouterCoreTests.Payments", "LinkRouterCoreTests.Greeter"]
        #expect(caught.withLock { $0 } == .cycle(names))
        #expect(ServiceError.cycle(names).description
            == "the service 'LinkRouterCoreTests.Greeter' was requested while being made: LinkRouterCoreTests.Greeter → LinkRouterCoreTests.Payments → LinkRouterCoreTests.Greeter")
    }
}

struct FakePayments: Payments {}
