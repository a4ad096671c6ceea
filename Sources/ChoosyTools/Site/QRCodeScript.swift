import ChoosyCore

/// The QR code encoder of the docs site's script (ISO/IEC 18004): the text's UTF-8 in byte
/// mode at error-correction level M, the smallest version of 1…40 that holds it (so at most
/// 2331 bytes), Reed–Solomon over GF(256), and the mask of the lowest penalty. "Try it" draws
/// the URL an app is opened with as an SVG of it, made with DOM calls; nothing is fetched.
enum QRCodeScript {
    static let source = #"""
        // QRCode.encode(text): {version, mask, size, modules} (modules[y][x], true is dark) or
        // null past QRCode.capacity bytes; QRCode.svg(code, label) draws one with a quiet zone.
        const QRCode = (() => {
          // Level M: the error-correction codewords of each block and the number of blocks, by version.
          const EC_PER_BLOCK = [0, 10, 16, 26, 18, 24, 16, 18, 22, 22, 26, 30, 22, 22, 24, 24, 28, 28, 26, 26, 26,
            26, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28, 28];
          const BLOCKS = [0, 1, 1, 1, 2, 2, 4, 4, 4, 5, 5, 5, 8, 9, 9, 10, 10, 11, 13, 14, 16,
            17, 17, 18, 20, 21, 23, 25, 26, 28, 29, 31, 33, 35, 37, 38, 40, 43, 45, 47, 49];
          // The 2-bit indicator of level M in the format information.
          const LEVEL_M = 0;
          const encoder = new TextEncoder();

          // The modules of a version left for data and error correction, in bits.
          function rawDataModules(version) {
            let modules = (16 * version + 128) * version + 64;
            if (version >= 2) {
              const alignments = Math.floor(version / 7) + 2;
              modules -= (25 * alignments - 10) * alignments - 55;
              if (version >= 7) modules -= 36;
            }
            return modules;
          }

          const totalCodewords = (version) => Math.floor(rawDataModules(version) / 8);
          const dataCodewords = (version) => totalCodewords(version) - EC_PER_BLOCK[version] * BLOCKS[version];
          const countBits = (version) => (version < 10 ? 8 : 16);
          // Bytes of text a version holds: mode (4 bits) and count come first.
          const bytesIn = (version) => Math.floor((dataCodewords(version) * 8 - 4 - countBits(version)) / 8);
          const capacity = bytesIn(40);

          // GF(256) with the polynomial x^8 + x^4 + x^3 + x^2 + 1.
          function multiply(a, b) {
            let product = 0;
            for (let bit = 7; bit >= 0; bit--) {
              product = (product << 1) ^ ((product >>> 7) * 0x11d);
              product ^= ((b >>> bit) & 1) * a;
            }
            return product;
          }

          // The generator polynomial of degree n, highest coefficient (always 1) left out.
          function generator(n) {
            const coefficients = new Array(n).fill(0);
            coefficients[n - 1] = 1;
            let root = 1;
            for (let i = 0; i < n; i++) {
              for (let j = 0; j < n; j++) {
                coefficients[j] = multiply(coefficients[j], root);
                if (j + 1 < n) coefficients[j] ^= coefficients[j + 1];
              }
              root = multiply(root, 2);
            }
            return coefficients;
          }

          function remainder(data, divisor) {
            const result = new Array(divisor.length).fill(0);
            for (const byte of data) {
              const factor = byte ^ result.shift();
              result.push(0);
              divisor.forEach((coefficient, i) => { result[i] ^= multiply(coefficient, factor); });
            }
            return result;
          }

          // Mode, count, bytes, terminator and padding, cut into blocks with their error
          // correction, interleaved.
          function codewords(bytes, version) {
            const bits = [];
            const put = (value, length) => { for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1); };
            put(0b0100, 4);
            put(bytes.length, countBits(version));
            for (const byte of bytes) put(byte, 8);
            const capacityBits = dataCodewords(version) * 8;
            put(0, Math.min(4, capacityBits - bits.length));
            put(0, (8 - (bits.length % 8)) % 8);
            for (let pad = 0xec; bits.length < capacityBits; pad ^= 0xec ^ 0x11) put(pad, 8);
            const data = [];
            for (let i = 0; i < bits.length; i += 8) data.push(bits.slice(i, i + 8).reduce((byte, bit) => (byte << 1) | bit, 0));

            const blockCount = BLOCKS[version];
            const ecLength = EC_PER_BLOCK[version];
            const shortBlocks = blockCount - (totalCodewords(version) % blockCount);
            const shortLength = Math.floor(totalCodewords(version) / blockCount) - ecLength;
            const divisor = generator(ecLength);
            const blocks = [];
            for (let b = 0, at = 0; b < blockCount; b++) {
              const block = data.slice(at, at + shortLength + (b < shortBlocks ? 0 : 1));
              at += block.length;
              blocks.push({ data: block, ec: remainder(block, divisor) });
            }
            const result = [];
            for (let i = 0; i <= shortLength; i++) {
              for (const block of blocks) if (i < block.data.length) result.push(block.data[i]);
            }
            for (let i = 0; i < ecLength; i++) for (const block of blocks) result.push(block.ec[i]);
            return result;
          }

          // The centres of the alignment patterns along either axis.
          function alignmentCentres(version) {
            if (version === 1) return [];
            const count = Math.floor(version / 7) + 2;
            const step = version === 32 ? 26 : Math.ceil((version * 4 + 4) / (count * 2 - 2)) * 2;
            const centres = [6];
            for (let position = version * 4 + 10; centres.length < count; position -= step) centres.splice(1, 0, position);
            return centres;
          }

          // BCH code of value (its bits above the code's length), as the format and version information use it.
          function bch(value, generatorBits, length) {
            let rest = value << length;
            for (let bit = 31; bit >= length; bit--) if ((rest >>> bit) & 1) rest ^= generatorBits << (bit - length);
            return (value << length) | rest;
          }

          // The grid of function patterns (finders, timing, alignment, dark module, reserved
          // format and version areas) of a version; the rest is left for data.
          function functionPatterns(version) {
            const size = version * 4 + 17;
            const modules = Array.from({ length: size }, () => new Array(size).fill(false));
            const reserved = Array.from({ length: size }, () => new Array(size).fill(false));
            const set = (x, y, dark) => { modules[y][x] = dark; reserved[y][x] = true; };
            for (let i = 0; i < size; i++) {
              set(6, i, i % 2 === 0);
              set(i, 6, i % 2 === 0);
            }
            for (const [cx, cy] of [[3, 3], [size - 4, 3], [3, size - 4]]) {
              for (let dy = -4; dy <= 4; dy++) {
                for (let dx = -4; dx <= 4; dx++) {
                  const x = cx + dx;
                  const y = cy + dy;
                  const ring = Math.max(Math.abs(dx), Math.abs(dy));
                  if (x >= 0 && x < size && y >= 0 && y < size) set(x, y, ring !== 2 && ring !== 4);
                }
              }
            }
            const centres = alignmentCentres(version);
            const last = centres.length - 1;
            centres.forEach((cy, i) => centres.forEach((cx, j) => {
              if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
              for (let dy = -2; dy <= 2; dy++) {
                for (let dx = -2; dx <= 2; dx++) set(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
              }
            }));
            placeFormat(modules, reserved, 0, size);
            set(8, size - 8, true);
            if (version >= 7) {
              const bits = bch(version, 0x1f25, 12);
              for (let i = 0; i < 18; i++) {
                const dark = ((bits >>> i) & 1) === 1;
                set(size - 11 + (i % 3), Math.floor(i / 3), dark);
                set(Math.floor(i / 3), size - 11 + (i % 3), dark);
              }
            }
            return { size, modules, reserved };
          }

          // The 15 format bits (level and mask), in both copies.
          function placeFormat(modules, reserved, mask, size) {
            const bits = bch((LEVEL_M << 3) | mask, 0x537, 10) ^ 0x5412;
            const set = (x, y, i) => { modules[y][x] = ((bits >>> i) & 1) === 1; reserved[y][x] = true; };
            for (let i = 0; i <= 5; i++) set(8, i, i);
            set(8, 7, 6);
            set(8, 8, 7);
            set(7, 8, 8);
            for (let i = 9; i < 15; i++) set(14 - i, 8, i);
            for (let i = 0; i < 8; i++) set(size - 1 - i, 8, i);
            for (let i = 8; i < 15; i++) set(8, size - 15 + i, i);
          }

          // The codewords' bits in the two-column zigzag from the bottom right, skipping the timing column.
          function placeData(grid, data) {
            const { size, modules, reserved } = grid;
            let i = 0;
            for (let right = size - 1; right >= 1; right -= 2) {
              if (right === 6) right = 5;
              const upward = ((right + 1) & 2) === 0;
              for (let step = 0; step < size; step++) {
                const y = upward ? size - 1 - step : step;
                for (const x of [right, right - 1]) {
                  if (reserved[y][x]) continue;
                  modules[y][x] = i < data.length * 8 && ((data[i >>> 3] >>> (7 - (i & 7))) & 1) === 1;
                  i++;
                }
              }
            }
          }

          const MASKS = [
            (x, y) => (x + y) % 2 === 0,
            (x, y) => y % 2 === 0,
            (x, y) => x % 3 === 0,
            (x, y) => (x + y) % 3 === 0,
            (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
            (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
            (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
            (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
          ];

          function masked(grid, mask) {
            const modules = grid.modules.map((row, y) => row.map((dark, x) => (grid.reserved[y][x] ? dark : dark !== MASKS[mask](x, y))));
            placeFormat(modules, grid.reserved, mask, grid.size);
            return modules;
          }

          // The penalty of the four rules: runs of five or more, 2×2 blocks, finder-like
          // patterns, and dark modules far from half.
          function penalty(modules) {
            const size = modules.length;
            const lines = [];
            for (let i = 0; i < size; i++) {
              lines.push(modules[i]);
              lines.push(modules.map((row) => row[i]));
            }
            let score = 0;
            for (const line of lines) {
              let run = 1;
              for (let i = 1; i <= size; i++) {
                if (i < size && line[i] === line[i - 1]) {
                  run++;
                } else {
                  if (run >= 5) score += run - 2;
                  run = 1;
                }
              }
              const text = line.map((dark) => (dark ? "1" : "0")).join("");
              for (const pattern of ["10111010000", "00001011101"]) {
                for (let at = text.indexOf(pattern); at >= 0; at = text.indexOf(pattern, at + 1)) score += 40;
              }
            }
            let dark = 0;
            for (let y = 0; y < size; y++) {
              for (let x = 0; x < size; x++) {
                if (modules[y][x]) dark++;
                if (x + 1 < size && y + 1 < size) {
                  const colour = modules[y][x];
                  if (modules[y][x + 1] === colour && modules[y + 1][x] === colour && modules[y + 1][x + 1] === colour) score += 3;
                }
              }
            }
            score += Math.floor(Math.abs(dark * 20 - size * size * 10) / (size * size)) * 10;
            return score;
          }

          function encode(text) {
            const bytes = encoder.encode(text);
            let version = 1;
            while (version <= 40 && bytesIn(version) < bytes.length) version++;
            if (version > 40) return null;
            const grid = functionPatterns(version);
            placeData(grid, codewords(bytes, version));
            let best = null;
            for (let mask = 0; mask < 8; mask++) {
              const modules = masked(grid, mask);
              const score = penalty(modules);
              if (best === null || score < best.score) best = { version, mask, size: grid.size, modules, score };
            }
            return { version: best.version, mask: best.mask, size: best.size, modules: best.modules };
          }

          const SVG = "http://www.w3.org/2000/svg";
          // Quiet zone and pixels per module.
          const MARGIN = 4;
          const SCALE = 4;

          // The code as an SVG image labelled label: a light square and one path of the dark
          // modules, a rectangle per run in a row.
          function svg(code, label) {
            const side = code.size + 2 * MARGIN;
            const image = document.createElementNS(SVG, "svg");
            image.setAttribute("class", "qr");
            image.setAttribute("viewBox", "0 0 " + side + " " + side);
            image.setAttribute("width", String(side * SCALE));
            image.setAttribute("height", String(side * SCALE));
            image.setAttribute("role", "img");
            image.setAttribute("aria-label", label);
            image.setAttribute("shape-rendering", "crispEdges");
            const light = document.createElementNS(SVG, "rect");
            light.setAttribute("width", String(side));
            light.setAttribute("height", String(side));
            light.setAttribute("fill", "#fff");
            let d = "";
            code.modules.forEach((row, y) => {
              for (let x = 0; x < code.size; x++) {
                if (!row[x]) continue;
                let end = x;
                while (end < code.size && row[end]) end++;
                d += "M" + (x + MARGIN) + " " + (y + MARGIN) + "h" + (end - x) + "v1h-" + (end - x) + "z";
                x = end;
              }
            });
            const dark = document.createElementNS(SVG, "path");
            dark.setAttribute("d", d);
            dark.setAttribute("fill", "#000");
            image.append(light, dark);
            return image;
          }

          return { encode, svg, capacity };
        })();

        """#
}
