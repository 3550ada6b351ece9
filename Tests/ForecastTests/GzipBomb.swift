import Foundation
import Testing

/// A gzip member of nothing but zeros, of any size, written directly in
/// deflate's fixed Huffman codes (RFC 1951 3.2.6) rather than compressed.
enum GzipBomb {
    /// Back-references per block: 3 + 13 × 8190 + 7 bits is a whole number of bytes
    /// (13k ≡ 6 mod 8), so a block without the first literal is the same bytes every time.
    static let referencesPerBlock = 8190

    /// `count` zeros, gzipped; `count` must be more than one block's worth (2,113,021).
    static func zeros(_ count: Int) -> Data {
        precondition(count > 1 + referencesPerBlock * 258)
        var out = Data([0x1F, 0x8B, 0x08, 0x00, 0, 0, 0, 0, 0x00, 0x03])
        var bits = BitWriter()
        bits.block(final: false, literals: 1, references: referencesPerBlock)
        out.append(contentsOf: bits.take())
        bits.block(final: false, literals: 0, references: referencesPerBlock)
        let repeated = bits.take()
        let first = 1 + referencesPerBlock * 258, each = referencesPerBlock * 258
        let blocks = (count - first) / each
        out.reserveCapacity(out.count + repeated.count * (blocks + 1))
        for _ in 0..<blocks { out.append(contentsOf: repeated) }
        let rest = count - first - blocks * each
        bits.block(final: true, literals: rest % 258, references: rest / 258)
        out.append(contentsOf: bits.take(padding: true))
        for value in [crc32OfZeros(count), UInt32(truncatingIfNeeded: count)] {
            out.append(contentsOf: (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) })
        }
        return out
    }

    /// Deflate's bit order: fields from their least significant bit, Huffman codes from their most.
    struct BitWriter {
        private var bytes: [UInt8] = []
        private var pending: UInt32 = 0
        private var count = 0

        mutating func put(_ value: UInt32, bits: Int) {
            for bit in 0..<bits { push((value >> bit) & 1) }
        }

        mutating func code(_ value: UInt32, bits: Int) {
            for bit in (0..<bits).reversed() { push((value >> bit) & 1) }
        }

        private mutating func push(_ bit: UInt32) {
            pending |= bit << count
            count += 1
            if count == 8 {
                bytes.append(UInt8(pending))
                pending = 0
                count = 0
            }
        }

        /// A block of fixed codes: zero literals, then (length 258, distance 1) references, then its end.
        mutating func block(final: Bool, literals: Int, references: Int) {
            put(final ? 1 : 0, bits: 1)
            put(1, bits: 2)  // fixed Huffman codes
            for _ in 0..<literals { code(0x30, bits: 8) }  // literal 0
            for _ in 0..<references {
                code(0xC5, bits: 8)  // length code 285: 258 bytes
                code(0, bits: 5)  // distance code 0: one byte back
            }
            code(0, bits: 7)  // end of block
        }

        /// The whole bytes written so far (and, with `padding`, the last one filled with zeros).
        mutating func take(padding: Bool = false) -> [UInt8] {
            if padding && count > 0 {
                bytes.append(UInt8(pending))
                pending = 0
                count = 0
            }
            precondition(count == 0, "a block ended inside a byte")
            defer { bytes = [] }
            return bytes
        }
    }

    /// The CRC-32 (gzip's) of `count` zero bytes, by squaring the operator of one zero bit
    /// (as zlib's crc32_combine does) instead of reading a gigabyte.
    static func crc32OfZeros(_ count: Int) -> UInt32 {
        func times(_ matrix: [UInt32], _ vector: UInt32) -> UInt32 {
            var sum: UInt32 = 0, vector = vector, row = 0
            while vector != 0 {
                if vector & 1 != 0 { sum ^= matrix[row] }
                vector >>= 1
                row += 1
            }
            return sum
        }
        func squared(_ matrix: [UInt32]) -> [UInt32] { matrix.map { times(matrix, $0) } }
        var zeroBit = [UInt32](repeating: 0, count: 32)
        zeroBit[0] = 0xEDB8_8320
        for row in 1..<32 { zeroBit[row] = 1 << (row - 1) }
        var power = squared(squared(squared(zeroBit)))  // one zero byte
        var crc: UInt32 = 0xFFFF_FFFF
        var left = count
        while left > 0 {
            if left & 1 != 0 { crc = times(power, crc) }
            power = squared(power)
            left >>= 1
        }
        return crc ^ 0xFFFF_FFFF
    }

    /// The CRC-32 of `bytes`, bit by bit: what `crc32OfZeros` is checked against.
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }
}

@Suite struct GzipBombTests {
    /// The CRC of zeros by squaring agrees with reading them (and with zlib's for
    /// 2^30 zeros, 0x5B64C2B0, as Python's zlib.crc32 computes it).
    @Test func theCRCOfZerosIsTheCRCOfTheirBytes() {
        for count in [0, 1, 7, 8, 255, 1000, 4099] {
            #expect(GzipBomb.crc32OfZeros(count) == GzipBomb.crc32([UInt8](repeating: 0, count: count)), "\(count)")
        }
        #expect(GzipBomb.crc32(Array("123456789".utf8)) == 0xCBF4_3926, "the check value of CRC-32")
        #expect(GzipBomb.crc32OfZeros(1 << 30) == 0x5B64_C2B0)
    }

    /// The bomb is what its header says: a gzip member, its size and CRC in the trailer.
    /// (Its bytes were checked once against a copy Python's zlib inflated to 2^30 zeros, its CRC verified.)
    @Test func theBombIsOneMemberOfAGigabyte() {
        let bomb = StubWeatherService.gzipBomb
        #expect(bomb.prefix(3) == Data([0x1F, 0x8B, 0x08]))
        #expect(bomb.count > 6_000_000 && bomb.count < 7_000_000, "\(bomb.count)")
        #expect(Array(bomb.suffix(4)) == [0, 0, 0, 0x40], "ISIZE: 2^30")
        #expect(Array(bomb.suffix(8).prefix(4)) == [0xB0, 0xC2, 0x64, 0x5B], "the CRC-32 of 2^30 zeros")
    }
}
