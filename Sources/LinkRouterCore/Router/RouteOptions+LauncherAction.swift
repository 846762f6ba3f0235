extension RouteOptions {
    /// Why a route of `pattern` with these options cannot be a launcher action, or `nil` when it
    /// can: it must be external, have a summary (the action's title), and a pattern of literal
    /// segments only (the action's link). The one rule the desktop entry's writer
    /// (LinkRouterDesktop's `DesktopEntry.Action.launcherActions`) and the checks of records apply.
    package func launcherActionProblem(of pattern: RoutePattern) -> String? {
        if exposure != .external {
            return "'\(pattern.text)' is declared a launcher action but is internal: the launcher opens its link as a link from outside, which an internal route refuses (declare it exposure: .external, or drop launcherAction)"
        }
        if summary?.isEmpty ?? true {
            return "'\(pattern.text)' is declared a launcher action without a summary: the summary is the action's title"
        }
        let literal = pattern.optionalGroups.isEmpty && pattern.segments.allSatisfy { if case .literal = $0 { true } else { false } }
        if !literal {
            return "'\(pattern.text)' is declared a launcher action but its pattern has placeholders, wildcards or optional groups: the action's link is the pattern itself"
        }
        return nil
    }
}
