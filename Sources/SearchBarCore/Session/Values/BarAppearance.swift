/// The search bar's style (UISearchBar `searchBarStyle`; HIG: prominent when search is a key
/// feature, minimal when it is not). The raw values mirror `sb_bar_style` (append-only, so
/// they differ from UIKit's).
public enum BarStyle: UInt32, Sendable, CaseIterable {
    /// A bar that stands out.
    case prominent = 0
    /// A bar that blends into its surroundings.
    case minimal = 1
    /// The platform's default (a new session's); it draws as ``prominent``.
    case `default` = 2

    /// The style drawn: ``default`` draws as ``prominent``.
    public var drawn: BarStyle { self == .default ? .prominent : self }
}

/// The bar's colour scheme (UIKit's `barStyle`, a UIBarStyle): translucent white with dark
/// text, or translucent black with light text. The raw values mirror `sb_bar_tone`, which also
/// has UIKit's deprecated black-opaque and black-translucent values.
public enum BarTone: UInt32, Sendable, CaseIterable {
    /// White with dark text (the default).
    case `default` = 0
    /// Black with light text.
    case black = 1
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

/// The colours a bar is drawn with, resolved from its tone, translucency and tint as the
/// UIKit guide describes: an opaque bar draws black for ``BarTone/black``, white for
/// ``BarTone/default``, or the custom tint; a translucent one lets the content show through
/// (the host blurs it).
public struct BarColors: Sendable, Equatable {
    /// The background as 0xRRGGBBAA (the tint when one wins; alpha 0xFF while opaque).
    public var background: UInt32
    /// Light text and glyphs (on a black or dark background) rather than dark ones.
    public var usesLightContent: Bool

    /// Resolves the colours of a bar.
    public init(tone: BarTone, isTranslucent: Bool, tint: UInt32?) {
        var rgba = tint ?? (tone == .black ? 0x0000_00FF : 0xFFFF_FFFF)
        if !isTranslucent { rgba |= 0xFF }
        background = rgba
        if let tint {
            // Relative luminance of the tint (sRGB weights): dark tints get light content.
            let r = Double((tint >> 24) & 0xFF), g = Double((tint >> 16) & 0xFF), b = Double((tint >> 8) & 0xFF)
            usesLightContent = (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255 < 0.5
        } else {
            usesLightContent = tone == .black
        }
    }
}
