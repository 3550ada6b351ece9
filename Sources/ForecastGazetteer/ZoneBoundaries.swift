import CGazetteerData
import ForecastCore

/// The IANA time zone and the country of any point on land, from
/// timezone-boundary-builder's boundaries (OpenStreetMap, ODbL) compiled into
/// the binary: scripts/build_zones.py makes them and says how they are laid out.
///
/// A zone's land reaches over its territorial waters; beyond is the sea, where
/// there is no answer (nil) and a caller takes the nautical zone of the
/// longitude. Each ring was simplified on its own, to `toleranceDegrees`: a
/// point in the sliver that leaves between two neighbours (or at a coast
/// moved inward) takes the zone of the nearest polygon within that distance.
public struct ZoneBoundaries: @unchecked Sendable {  // the buffers are immutable static data
    private let polygons: UnsafeBufferPointer<Int32>
    private let rings: UnsafeBufferPointer<Int32>
    private let blocks: UnsafeBufferPointer<Int32>
    private let towns: UnsafeBufferPointer<Int32>
    private let vertices: UnsafeBufferPointer<UInt8>
    /// Each zone's name and its country (zone.tab's; nil where it has none).
    let zones: [(zone: String, country: String?)]
    /// Units to a degree, vertices to a block, and the slivers' width in units.
    let units: Int, blockSize: Int, tolerance: Int

    static let polygonFields = 7, ringFields = 2, blockFields = 7, townFields = 4

    public static let bundled = ZoneBoundaries(
        meta: UnsafeBufferPointer(start: forecast_zones_meta(), count: Int(forecast_zones_meta_count())),
        names: UnsafeBufferPointer(
            start: UnsafeRawPointer(forecast_zones_names()).assumingMemoryBound(to: UInt8.self),
            count: Int(forecast_zones_names_size())),
        polygons: UnsafeBufferPointer(start: forecast_zones_polygons(), count: Int(forecast_zones_polygons_count())),
        rings: UnsafeBufferPointer(start: forecast_zones_rings(), count: Int(forecast_zones_rings_count())),
        blocks: UnsafeBufferPointer(start: forecast_zones_blocks(), count: Int(forecast_zones_blocks_count())),
        towns: UnsafeBufferPointer(start: forecast_zones_towns(), count: Int(forecast_zones_towns_count())),
        vertices: UnsafeBufferPointer(start: forecast_zones_vertices(), count: Int(forecast_zones_vertices_size())))

    /// The tables as the build wrote them. Tables that do not hang together
    /// (a ring or block out of range: never in a binary the tests passed)
    /// leave no polygons, and every point is then at sea.
    init(
        meta: UnsafeBufferPointer<Int32>, names: UnsafeBufferPointer<UInt8>, polygons: UnsafeBufferPointer<Int32>,
        rings: UnsafeBufferPointer<Int32>, blocks: UnsafeBufferPointer<Int32>, towns: UnsafeBufferPointer<Int32>,
        vertices: UnsafeBufferPointer<UInt8>
    ) {
        zones = String(decoding: names, as: UTF8.self).split(separator: "\n").map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            let country = fields.count > 1 && fields[1].count == 2 ? String(fields[1]) : nil
            return (String(fields.first ?? ""), country)
        }
        let known = meta.count >= 4 && meta[0] == 1 && meta[1] > 0 && meta[2] > 0
        units = known ? Int(meta[1]) : 1
        blockSize = known ? Int(meta[2]) : 1
        tolerance = known ? Int(meta[3]) : 0
        let sound = known && Self.consistent(
            polygons: polygons, rings: rings, blocks: blocks, towns: towns, vertices: vertices, zoneCount: zones.count, blockSize: blockSize)
        self.polygons = sound ? polygons : UnsafeBufferPointer(start: nil, count: 0)
        self.rings = rings
        self.blocks = blocks
        self.towns = sound ? towns : UnsafeBufferPointer(start: nil, count: 0)
        self.vertices = vertices
    }

    /// Every index the tables hold is within the tables (checked once, so that
    /// a lookup reads no further than the data).
    private static func consistent(
        polygons: UnsafeBufferPointer<Int32>, rings: UnsafeBufferPointer<Int32>, blocks: UnsafeBufferPointer<Int32>,
        towns: UnsafeBufferPointer<Int32>, vertices: UnsafeBufferPointer<UInt8>, zoneCount: Int, blockSize: Int
    ) -> Bool {
        let ringCount = rings.count / ringFields, blockCount = blocks.count / blockFields
        guard polygons.count % polygonFields == 0, rings.count % ringFields == 0, blocks.count % blockFields == 0,
              towns.count % townFields == 0 else { return false }
        for p in stride(from: 0, to: polygons.count, by: polygonFields) {
            let zone = Int(polygons[p + 4]), first = Int(polygons[p + 5]), count = Int(polygons[p + 6])
            guard (0..<zoneCount).contains(zone), first >= 0, count >= 1, first + count <= ringCount else { return false }
        }
        for r in stride(from: 0, to: rings.count, by: ringFields) {
            let first = Int(rings[r]), count = Int(rings[r + 1])
            guard first >= 0, count >= 3, first + (count + blockSize - 1) / blockSize <= blockCount else { return false }
        }
        for b in stride(from: 0, to: blocks.count, by: blockFields) where !(0...vertices.count).contains(Int(blocks[b])) {
            return false
        }
        for t in stride(from: 0, to: towns.count, by: townFields) where !(0..<zoneCount).contains(Int(towns[t])) {
            return false
        }
        return true
    }

    /// How far the boundaries may be from the source's, in degrees (the
    /// simplification's tolerance and the rounding): 0.0021°, 230 m.
    public var toleranceDegrees: Double { Double(tolerance) / Double(units) }

    /// The zone and country at `coordinate`, or nil at sea. The country is
    /// the zone's in zone.tab; in a zone shared among countries (Asia/Bangkok:
    /// Thailand and northern Vietnam; Europe/Belgrade: Serbia and Kosovo), the
    /// country of the nearest GeoNames town in that zone.
    public func zone(at coordinate: Coordinate) -> (zone: String, country: String?)? {
        let x = Int((coordinate.longitude * Double(units)).rounded()), y = Int((coordinate.latitude * Double(units)).rounded())
        let half = 180 * units
        // The boundaries are cut at the antimeridian: a point on it is on either edge.
        let xs = abs(x) == half ? [x, -x] : [x]
        var found: Int?
        for x in xs where found == nil { found = polygon(containing: x, y) }
        if found == nil { found = nearestPolygon(to: x, y, wrapping: abs(x) > half - tolerance) }
        guard let found else { return nil }
        let zone = Int(polygons[found * Self.polygonFields + 4])
        return (zones[zone].zone, townCountry(zone: zone, x: x, y: y) ?? zones[zone].country)
    }

    // MARK: - Point in polygon

    /// The first polygon (the smallest zone first) that holds the point: inside its outline and in none of its holes.
    private func polygon(containing x: Int, _ y: Int) -> Int? {
        var p = 0
        while p + Self.polygonFields <= polygons.count {
            defer { p += Self.polygonFields }
            guard x >= Int(polygons[p]), y >= Int(polygons[p + 1]), x <= Int(polygons[p + 2]), y <= Int(polygons[p + 3]) else { continue }
            let first = Int(polygons[p + 5]), count = Int(polygons[p + 6])
            guard ring(first, contains: x, y) else { continue }
            if !(first + 1..<first + count).contains(where: { ring($0, contains: x, y) }) { return p / Self.polygonFields }
        }
        return nil
    }

    /// Whether ring `r` holds the point: the edges a ray to the east crosses, counted,
    /// in the blocks whose latitudes span the point's and that reach east of it.
    private func ring(_ r: Int, contains x: Int, _ y: Int) -> Bool {
        var inside = false
        forEachBlock(of: r) { block in
            let b = block.offset
            // An edge counts where one end is above the point and the other not (> y).
            guard Int(blocks[b + 4]) <= y, Int(blocks[b + 6]) > y, Int(blocks[b + 5]) >= x else { return }
            forEachEdge(of: block) { x1, y1, x2, y2 in
                guard (y1 > y) != (y2 > y) else { return }
                // x < the edge's x at y, in integers: (x - x1)·(y2 - y1) against (y - y1)·(x2 - x1).
                let left = (x - x1) * (y2 - y1), right = (y - y1) * (x2 - x1)
                if y2 > y1 ? left < right : left > right { inside.toggle() }
            }
        }
        return inside
    }

    // MARK: - The slivers

    /// The polygon with an edge nearest the point, if within the tolerance
    /// (in degrees of latitude and longitude alike, as the simplification measured).
    private func nearestPolygon(to x: Int, _ y: Int, wrapping: Bool) -> Int? {
        let reach = tolerance
        var best: (distance: Double, polygon: Int)?
        for x in wrapping ? [x, x > 0 ? x - 360 * units : x + 360 * units] : [x] {
            var p = 0
            while p + Self.polygonFields <= polygons.count {
                defer { p += Self.polygonFields }
                guard x >= Int(polygons[p]) - reach, y >= Int(polygons[p + 1]) - reach,
                      x <= Int(polygons[p + 2]) + reach, y <= Int(polygons[p + 3]) + reach else { continue }
                let first = Int(polygons[p + 5]), count = Int(polygons[p + 6])
                for r in first..<first + count {
                    let d = distance(from: x, y, toRing: r, within: reach)
                    if d <= Double(reach * reach), d < best?.distance ?? .infinity { best = (d, p / Self.polygonFields) }
                }
            }
        }
        return best?.polygon
    }

    /// The squared distance from the point to ring `r`'s nearest edge, looking
    /// only at blocks within `reach` of it (infinity if none is).
    private func distance(from x: Int, _ y: Int, toRing r: Int, within reach: Int) -> Double {
        var nearest = Double.infinity
        forEachBlock(of: r) { block in
            let b = block.offset
            guard x >= Int(blocks[b + 3]) - reach, y >= Int(blocks[b + 4]) - reach,
                  x <= Int(blocks[b + 5]) + reach, y <= Int(blocks[b + 6]) + reach else { return }
            forEachEdge(of: block) { x1, y1, x2, y2 in
                nearest = min(nearest, Self.squaredDistance(Double(x), Double(y), Double(x1), Double(y1), Double(x2), Double(y2)))
            }
        }
        return nearest
    }

    static func squaredDistance(_ px: Double, _ py: Double, _ ax: Double, _ ay: Double, _ bx: Double, _ by: Double) -> Double {
        let dx = bx - ax, dy = by - ay
        let length = dx * dx + dy * dy
        let t = length > 0 ? max(0, min(1, ((px - ax) * dx + (py - ay) * dy) / length)) : 0
        let nx = ax + t * dx - px, ny = ay + t * dy - py
        return nx * nx + ny * ny
    }

    // MARK: - Shared zones

    /// In a zone shared among countries, the country of the town nearest the
    /// point (its longitude shrunk by the latitude); nil in any other zone.
    private func townCountry(zone: Int, x: Int, y: Int) -> String? {
        var best: (distance: Double, code: Int32)?
        let shrink = Self.cosine(degrees: Double(y) / Double(units))
        var t = 0
        while t + Self.townFields <= towns.count {
            defer { t += Self.townFields }
            guard Int(towns[t]) == zone else { continue }
            let dx = Double(Int(towns[t + 1]) - x) * shrink, dy = Double(Int(towns[t + 2]) - y)
            let d = dx * dx + dy * dy
            if d < best?.distance ?? .infinity { best = (d, towns[t + 3]) }
        }
        guard let code = best?.code else { return nil }
        let letters = [UInt8(truncatingIfNeeded: code >> 8), UInt8(truncatingIfNeeded: code)]
        return String(decoding: letters, as: UTF8.self)
    }

    /// cos of an angle in degrees, without Foundation: a few terms of its
    /// series, plenty to weigh longitudes against latitudes.
    static func cosine(degrees: Double) -> Double {
        let a = degrees * .pi / 180, a2 = a * a
        return max(0, 1 - a2 / 2 + a2 * a2 / 24 - a2 * a2 * a2 / 720 + a2 * a2 * a2 * a2 / 40320)
    }

    // MARK: - Decoding

    /// A block of a ring: its offset in the block table, its vertex count,
    /// and the offset of the block whose first vertex ends its last edge.
    private struct Block {
        let offset: Int, count: Int, next: Int
    }

    /// Calls `body` with each block of ring `r`.
    private func forEachBlock(of r: Int, _ body: (Block) -> Void) {
        let first = Int(rings[r * Self.ringFields]), count = Int(rings[r * Self.ringFields + 1])
        let last = first + (count + blockSize - 1) / blockSize - 1
        for b in first...last {
            body(Block(
                offset: b * Self.blockFields, count: b == last ? count - (last - first) * blockSize : blockSize,
                next: (b == last ? first : b + 1) * Self.blockFields))
        }
    }

    /// Calls `body` with each edge of `block`, from its first vertex to the
    /// first of the next block (of the ring's first block, for its last).
    private func forEachEdge(of block: Block, _ body: (_ x1: Int, _ y1: Int, _ x2: Int, _ y2: Int) -> Void) {
        var offset = Int(blocks[block.offset])
        var x = Int(blocks[block.offset + 1]), y = Int(blocks[block.offset + 2])
        for _ in 1..<max(1, block.count) {
            guard let dx = varint(&offset), let dy = varint(&offset) else { return }
            body(x, y, x + dx, y + dy)
            x += dx
            y += dy
        }
        body(x, y, Int(blocks[block.next + 1]), Int(blocks[block.next + 2]))
    }

    /// The zigzag varint at `offset`, moving past it; nil past the end.
    private func varint(_ offset: inout Int) -> Int? {
        var value = 0, shift = 0
        while offset < vertices.count, shift < 63 {
            let byte = vertices[offset]
            offset += 1
            value |= Int(byte & 0x7F) << shift
            if byte < 0x80 { return (value >> 1) ^ -(value & 1) }
            shift += 7
        }
        return nil
    }
}
