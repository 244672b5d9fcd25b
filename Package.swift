// swift-tools-version: 6.1
// The Swift package behind searchbar: an ICU shim, the pure-Swift engine, the C-ABI
// layer (the only place with `@c` exports) and the `searchbar` command-line tool.
import PackageDescription

let package = Package(
    name: "searchbar",
    products: [
        .library(name: "SearchBarCore", targets: ["SearchBarCore"]),
        .library(name: "searchbar", type: .dynamic, targets: ["SearchBar"]),
        .executable(name: "searchbar-cli", targets: ["SearchBarCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        // Plain-named `static inline` wrappers over the versioned symbols of Debian's ICU 72.
        .target(
            name: "CICU",
            linkerSettings: [
                .linkedLibrary("icui18n"),
                .linkedLibrary("icuuc"),
                .linkedLibrary("icudata"),
            ]
        ),
        // The engine: text analysis, index, matching, executor, sessions. Pure Swift.
        .target(
            name: "SearchBarCore",
            dependencies: ["CICU"]
        ),
        // The C types of the public header (status codes, item struct, opaque handles).
        .target(name: "CSearchBar"),
        // The C ABI: `@c` exports that validate, convert and call the engine.
        .target(
            name: "SearchBar",
            dependencies: ["SearchBarCore", "CSearchBar"]
        ),
        .executableTarget(
            name: "SearchBarCLI",
            dependencies: [
                "SearchBarCore",
                "CSearchBar",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(
            name: "SearchBarCoreTests",
            dependencies: ["SearchBarCore"]
        ),
        .testTarget(
            name: "SearchBarABITests",
            dependencies: ["SearchBar", "CSearchBar"]
        ),
    ]
)
