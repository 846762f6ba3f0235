internal import RoutePatterns

extension RoutePattern {
    /// Whether `reference` names this pattern's route loosely: the same parts, parameter names
    /// aside, where an untyped placeholder of the reference also stands for a typed one-segment
    /// placeholder (`user/:id` names `user/<int:id>`).
    ///
    /// The navigator looks for the same shape first, as the registry finds a route by its
    /// pattern (``Router/unregister(_:)``), and then for this looser match.
    func isLooselyNamed(by reference: RoutePattern) -> Bool {
        guard parts.count == reference.parts.count else { return false }
        return withPartBytes { bytes in
            reference.withPartBytes { referenceBytes in
                zip(parts, reference.parts).allSatisfy { part, named in
                    part.group == named.group
                        && (part.kind == named.kind || named.kind == .parameter && part.placeholderType != nil)
                        && (part.kind != .literal || bytes[part.range].elementsEqual(referenceBytes[named.range]))
                }
            }
        }
    }
}
