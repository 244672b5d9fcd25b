/// The search bar's style (UISearchBar `searchBarStyle`; HIG: prominent when search is a key
/// feature, minimal when it is not). The raw values mirror `sb_bar_style`.
public enum BarStyle: UInt32, Sendable, CaseIterable {
    /// A bar that stands out (the default).
    case prominent = 0
    /// A bar that blends into its surroundings.
    case minimal = 1
}

/// How the bar is coloured: by a style or by a custom tint, whichever was set last ("setting a
/// new style clears any custom tint color; setting a custom tint color overrides any style").
public enum BarAppearance: Sendable, Equatable, Hashable {
    /// A standard style.
    case style(BarStyle)
    /// A custom tint, as 0xRRGGBBAA.
    case tint(UInt32)

    /// The style in force, or nil while a custom tint wins.
    public var style: BarStyle? {
        if case .style(let style) = self { return style }
        return nil
    }

    /// The custom tint in force, or nil while a style wins.
    public var tint: UInt32? {
        if case .tint(let tint) = self { return tint }
        return nil
    }
}
