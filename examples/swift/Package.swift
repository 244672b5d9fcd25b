// swift-tools-version: 6.1
// A Swift host using searchbar's engine directly, as a package dependency.
import PackageDescription

let package = Package(
    name: "SearchBarSwiftExample",
    dependencies: [.package(name: "searchbar", path: "../..")],
    targets: [
        .executableTarget(
            name: "Quickstart",
            dependencies: [.product(name: "SearchBarCore", package: "searchbar")]
        )
    ]
)
