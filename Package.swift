// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "choosy-data",
    products: [
        .executable(name: "choosy-data", targets: ["choosy-data"]),
        .library(name: "ChoosyData", targets: ["ChoosyData"]),
    ],
    targets: [
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]
        ),
        .target(name: "ChoosyData", dependencies: ["CYAML"]),
        .executableTarget(name: "choosy-data", dependencies: ["ChoosyData"]),
        .testTarget(
            name: "ChoosyDataTests",
            dependencies: ["ChoosyData", "choosy-data"],
            exclude: ["Fixtures"]
        ),
    ]
)
