import Foundation

/// The recorded API responses (copied from shared/fixtures; see Fixtures/SOURCES.md).
enum Fixture {
    static func data(_ name: String) -> Data {
        let url = Bundle.module.url(forResource: "Fixtures/\(name)", withExtension: nil)
            ?? Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures")!
        return try! Data(contentsOf: url)
    }

    static func json(_ name: String) -> Any { try! JSONSerialization.jsonObject(with: data(name)) }
}
