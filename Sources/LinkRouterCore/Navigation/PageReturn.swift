/// Where a page that declares its result puts it: a typed face of the open's ``PageResultSlot``.
///
/// A page declares the result it returns with a property of this type; `@Routable` fills it and
/// makes the page a ``ReturningPage`` whose `Output` is `Value`, so that opening the page's link
/// returns that type:
///
/// ```swift
/// @Routable("account/addresses/pick", openStyle: .present)
/// struct AddressPicker {
///     let result: PageReturn<Address>
///     func pick(_ address: Address) { result.set(address) }   // then the page closes
/// }
///
/// switch try await router.open(AddressPicker.link()) {   // a PageResult<Address>
/// case .value(let address): ship(to: address)
/// case .cancelled: break
/// }
/// ```
public struct PageReturn<Value: Sendable>: Sendable {
    /// The open's slot, which navigators close when the page leaves the stack.
    public let slot: PageResultSlot

    /// The typed face of `slot`.
    public init(_ slot: PageResultSlot) {
        self.slot = slot
    }

    /// Sets the page's result, replacing any earlier value; ignored once the page has left the stack.
    public func set(_ value: Value) {
        slot.set(value)
    }
}

/// A page that declares the result it returns to its opener (``PageReturn``): opening its
/// ``PageLink`` (`try await router.open(AddressPicker.link())`) returns a
/// ``PageResult`` of `Output`, with no type named at the call.
///
/// `@Routable` adds the conformance to a page with a `PageReturn<Value>` property. A protocol of
/// its own rather than a requirement of ``Routable``, as ``UpdatableInPlace`` is.
public protocol ReturningPage: Routable {
    /// What the page returns.
    associatedtype Output: Sendable
}

/// A page known only by the result it returns: the page type of the links `routes gen` writes for
/// a route whose page declares its result (`PageReturn<Output>`) but no protocol, in a module that
/// does not import the page's. Opening such a link returns a ``PageResult`` of `Output`; the open
/// checks that the page's result is one.
///
/// ```swift
/// // Generated: static var accountAddressesPick: PageLink<PageReturning<String>>
/// let address = try await router.open(Routes.accountAddressesPick)
/// ```
///
/// No value of it exists: it only names the result.
public enum PageReturning<Output: Sendable>: ReturningPage {
    /// Never made: a route opens its own page type.
    public init?(parameters: RouteParameters) throws { nil }
}
