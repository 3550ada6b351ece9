// swift-tools-version: 6.0
import PackageDescription

// Dependencies flow inward: forecast (executable) → ForecastCLI (commands, streams)
// → ForecastViews (output values, renderers, words) → ForecastKit (every use case) → ForecastStore (SQLite) | ForecastGazetteer (offline
// place search) | ForecastProviders (weather services) → ForecastCore (value types and
// rules, no I/O). The CLI never reaches the store but through the kit.
let package = Package(
    name: "forecast",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "forecast", targets: ["forecast"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", exact: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", exact: "7.10.0"),
        // HTTP: deadlines that hold and waiting that costs no CPU (URLSession on Linux busy-polls).
        .package(url: "https://github.com/swift-server/async-http-client", exact: "1.37.0"),
        // Named for their products (byte buffers, the decompression limit's error), at the versions AsyncHTTPClient resolves.
        .package(url: "https://github.com/apple/swift-nio", exact: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-extras", exact: "1.35.2"),
        // Tests only: the in-process HTTP server that stands in for the weather services.
        .package(url: "https://github.com/swhitty/FlyingFox", exact: "0.27.1"),
    ],
    targets: [
        .target(name: "ForecastCore"),
        .target(name: "CGazetteerData"),
        .target(name: "ForecastGazetteer", dependencies: ["ForecastCore", "CGazetteerData"]),
        .target(
            name: "ForecastProviders",
            dependencies: [
                "ForecastCore",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTPCompression", package: "swift-nio-extras"),
            ]
        ),
        .target(
            name: "ForecastStore",
            dependencies: ["ForecastCore", .product(name: "GRDB", package: "GRDB.swift")],
            plugins: ["EmbedMigrations"]
        ),
        // The application layer: use cases, given the outside world in one AppContext.
        .target(name: "ForecastKit", dependencies: ["ForecastCore", "ForecastGazetteer", "ForecastStore", "ForecastProviders"]),
        // What the faces show: the output values, their pure renderers, and the
        // words in both languages. No ArgumentParser, no streams: the command
        // line and the full-screen app render the same values with the same code.
        .target(name: "ForecastViews", dependencies: ["ForecastCore", "ForecastGazetteer", "ForecastProviders", "ForecastKit"]),
        // The full-screen app (`forecast browse`): its pure model, update and view
        // (frames of cells), and the thin terminal driver that runs them over the
        // same use cases, views and words as the commands.
        .target(name: "ForecastApp", dependencies: ["ForecastCore", "ForecastGazetteer", "ForecastProviders", "ForecastKit", "ForecastViews"]),
        .target(
            name: "ForecastCLI",
            dependencies: [
                // Not ForecastStore: every use of the database goes through ForecastKit.
                "ForecastCore", "ForecastGazetteer", "ForecastProviders", "ForecastKit", "ForecastViews", "ForecastApp",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "forecast", dependencies: ["ForecastCLI"]),
        // scripts/bench's timing of a list's sun and moon on their own (not shipped).
        .executableTarget(name: "forecast-sky-bench", dependencies: ["ForecastCore"], path: "Sources/Bench/SkyBench"),
        // The time zone boundaries' lookups timed, and their agreement with the gazetteer's cities (not shipped).
        .executableTarget(name: "forecast-zones-bench", dependencies: ["ForecastCore", "ForecastGazetteer"], path: "Sources/Bench/ZonesBench"),

        // Compiles migrations/*.sql into the store, so a binary copied on its own
        // still creates and upgrades databases.
        .executableTarget(name: "embed-migrations", path: "Sources/BuildTools/EmbedMigrationsTool"),
        .plugin(
            name: "EmbedMigrations",
            capability: .buildTool(),
            dependencies: ["embed-migrations"],
            path: "Sources/BuildTools/EmbedMigrationsPlugin"
        ),

        .testTarget(
            name: "ForecastTests",
            dependencies: [
                "ForecastCore", "ForecastGazetteer", "ForecastStore", "ForecastProviders", "ForecastKit", "ForecastViews", "ForecastCLI",
                "ForecastApp", "forecast",
                .product(name: "FlyingFox", package: "FlyingFox"),
            ],
            resources: [.copy("Fixtures")]
        ),
    ]
)
