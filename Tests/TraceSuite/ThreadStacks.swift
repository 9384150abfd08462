import Foundation

// MARK: - Every blocked thread's whole stack

// On Linux the Swift runtime's backtracer unwinds a thread that waits in the kernel (a
// semaphore, a lock) one frame deep, and a loop caught inside a runtime call without a frame
// of its own one frame short: the participant's frame, the one that matters, is lost. Before
// the watchdog traps, `ThreadStacks.sample()` reads each waiting or running thread's stack and
// writes the return addresses on it, with the process's code mappings; `symbolized` turns them
// into frames with file and line (the toolchain's llvm-symbolizer and swift-demangle) that
// `stuckReport` reads as it reads the backtracer's. On macOS the backtracer needs no help.
public enum ThreadStacks {
    static let stackMarker = "RxDemo thread stack:"  // both languages
    static let moduleMarker = "RxDemo code mapping:"  // both languages

    // For every other thread that waits in a system call (a semaphore, a lock, a condition):
    // the return addresses found on its stack, from its stack pointer up (each a word that
    // points into code just after a call instruction); then the process's code mappings. A
    // scan, not an unwind: it reads the thread's stack in place, while the thread waits, so it
    // needs no help from the thread. A running thread (x86-64 only) gives its stack pointer and
    // program counter to a signal handler first (`RunningThread`).
    // `process`: another process of the same user (`make run`'s demo), read through /proc.
    public static func sample(of process: Int32? = nil) -> String {
        #if os(Linux) && (arch(x86_64) || arch(arm64))
            let proc = "/proc/" + (process.map(String.init) ?? "self")
            let maps = (try? String(contentsOfFile: proc + "/maps", encoding: .utf8)) ?? ""
            let memory = open(proc + "/mem", O_RDONLY)
            guard memory >= 0 else { return "" }
            defer { close(memory) }
            func read(_ address: UInt, _ count: Int) -> [UInt8]? {
                var bytes = [UInt8](repeating: 0, count: count)
                let got = bytes.withUnsafeMutableBytes {
                    pread(memory, $0.baseAddress, count, off_t(Int64(bitPattern: UInt64(address))))
                }
                return got == count ? bytes : nil
            }
            struct Region {
                let start: UInt, end: UInt, executable: Bool, line: String
            }
            let regions = maps.split(separator: "\n").compactMap { line -> Region? in
                let fields = line.split(separator: " ", omittingEmptySubsequences: true)
                let range = fields.first?.split(separator: "-") ?? []
                guard fields.count >= 5, range.count == 2, let start = UInt(range[0], radix: 16),
                    let end = UInt(range[1], radix: 16), fields[1].hasPrefix("r")
                else { return nil }
                return Region(
                    start: start, end: end,
                    executable: fields[1].contains("x") && fields.count >= 6 && fields[5].hasPrefix("/"),
                    line: String(line))
            }
            let code = regions.filter(\.executable)
            func isReturnAddress(_ word: UInt) -> Bool {
                guard code.contains(where: { $0.start + 8 <= word && word < $0.end }),
                    let before = read(word - 8, 8)
                else { return false }
                return endsInACall { before[8 - $0] }
            }
            var text = ""
            let threads = (try? FileManager.default.contentsOfDirectory(atPath: proc + "/task")) ?? []
            for tid in threads.sorted() {
                guard let call = try? String(contentsOfFile: proc + "/task/\(tid)/syscall", encoding: .utf8)
                else { continue }
                var sp: UInt
                var addresses: [String] = []
                var running = false
                if call.first?.isNumber == true {
                    // "202 0x… … <stack pointer> <program counter>" while it waits in a system call.
                    let fields = call.split(whereSeparator: \.isWhitespace)
                    guard fields.count >= 3, let pointer = UInt(fields[fields.count - 2].dropFirst(2), radix: 16)
                    else { continue }
                    sp = pointer
                } else if process == nil, call.hasPrefix("running"), let id = pid_t(tid),
                    let registers = RunningThread.registers(of: id)
                {
                    // An endless loop: the backtracer loses its frame when the loop stands in a
                    // call without a frame of its own (the runtime's, copying a value). The
                    // program counter first, plus one (each address is read as a return
                    // address), then as it is, for the instruction before when its own has no line.
                    sp = registers.sp
                    running = true
                    addresses += [registers.pc + 1, registers.pc].map { "0x" + String($0, radix: 16) }
                } else {
                    continue
                }
                guard let stack = regions.first(where: { $0.start <= sp && sp < $0.end }) else { continue }
                let end = min(stack.end, sp + (256 << 10))
                guard let words = read(sp & ~7, Int(end - (sp & ~7)) & ~7) else { continue }
                for at in stride(from: 0, to: words.count, by: 8) where addresses.count < 96 {
                    let word = words[at..<at + 8].reversed().reduce(UInt(0)) { $0 << 8 | UInt($1) }
                    if isReturnAddress(word) { addresses.append("0x" + String(word, radix: 16)) }
                }
                if !addresses.isEmpty {
                    text +=
                        "\(stackMarker) \(tid) \(running ? "running " : "")" + addresses.joined(separator: " ") + "\n"
                }
            }
            for region in code {
                let fields = region.line.split(separator: " ", omittingEmptySubsequences: true)
                text += "\(moduleMarker) \(fields[0]) \(fields[2]) \(fields[5...].joined(separator: " "))\n"
            }
            return text
        #else
            return ""
        #endif
    }

    // The sampled stacks as backtracer-like sections ("Thread S1:" and one line per frame,
    // "  3 [ra] 0x… NSLock.lock() in … at /path/File.swift:12:5"); empty without the tools.
    static func symbolized(_ lines: [String]) -> [String] {
        let stacks = lines.filter { $0.hasPrefix(stackMarker) }
        guard !stacks.isEmpty else { return [] }
        struct Mapping {
            let start: UInt, end: UInt, offset: UInt, path: String
        }
        let mappings = lines.filter { $0.hasPrefix(moduleMarker) }.compactMap { line -> Mapping? in
            let fields = line.dropFirst(moduleMarker.count + 1).split(separator: " ", maxSplits: 2)
            let range = fields.first?.split(separator: "-") ?? []
            guard fields.count == 3, range.count == 2, let start = UInt(range[0], radix: 16),
                let end = UInt(range[1], radix: 16), let offset = UInt(fields[1], radix: 16)
            else { return nil }
            return Mapping(start: start, end: end, offset: offset, path: String(fields[2]))
        }
        // Each address as (module, offset in its file); a return address points after the call.
        let threads = stacks.map { line in
            line.split(separator: " ").dropFirst(4).compactMap { UInt($0.dropFirst(2), radix: 16) }
        }
        var wanted: [String: Set<UInt>] = [:]
        func locate(_ address: UInt) -> (path: String, offset: UInt)? {
            mappings.first { $0.start <= address && address < $0.end }.map {
                ($0.path, address - 1 - $0.start + $0.offset)
            }
        }
        for address in threads.joined() {
            if let (path, offset) = locate(address) { wanted[path, default: []].insert(offset) }
        }
        var names: [String: [UInt: (function: String, place: String)]] = [:]
        for (path, offsets) in wanted {
            let sorted = offsets.sorted()
            let input = sorted.map { "0x" + String($0, radix: 16) }.joined(separator: "\n") + "\n"
            guard
                let output = runTool("llvm-symbolizer", ["--obj=\(path)", "--no-inlines", "--demangle"], input: input)
            else { return [] }
            let demangled = runTool("swift-demangle", ["--simplified"], input: output) ?? output
            let answers = demangled.components(separatedBy: "\n\n")
            for (offset, answer) in zip(sorted, answers) {
                let parts = answer.split(separator: "\n", omittingEmptySubsequences: true)
                guard parts.count >= 2 else { continue }
                names[path, default: [:]][offset] = (String(parts[0]), String(parts[1]))
            }
        }
        var sections: [String] = []
        for (index, addresses) in threads.enumerated() {
            let running = stacks[index].split(separator: " ").dropFirst(4).first == "running"
            sections.append("Thread S\(index + 1)\(running ? " running" : ""):")  // both languages
            var placed = Set<Int>()
            for (depth, address) in addresses.enumerated() {
                // A running thread's program counter, then the instruction before it: the second
                // only when the first has no line.
                if running && depth == 1 && placed.contains(0) { continue }
                // Line 0: code the compiler made (a thunk), or a stale word the scan took for a frame.
                guard let (path, offset) = locate(address), let name = names[path]?[offset],
                    !name.place.hasSuffix(":0:0"), !name.place.hasSuffix(":0"), !name.place.contains(":0:")
                else { continue }
                placed.insert(depth)
                let place = name.place.hasPrefix("/") ? " at \(name.place)" : ""
                sections.append("  \(depth) [ra] 0x\(String(address, radix: 16)) \(name.function) in \(path)\(place)")
            }
        }
        return sections
    }
}

#if os(Linux) && arch(x86_64)
    // A thread that runs, stopped for a moment to read its program counter and stack pointer: a
    // signal handler records them. SIGSYS, because a dispatch worker blocks every signal but
    // the few a fault raises, SIGSYS among them, and nothing in these tests uses it.
    enum RunningThread {
        // The program counter, the stack pointer, and whether the handler has written them.
        nonisolated(unsafe) private static let slots: UnsafeMutablePointer<UInt> = {
            let slots = UnsafeMutablePointer<UInt>.allocate(capacity: 3)
            slots.initialize(repeating: 0, count: 3)
            return slots
        }()
        private typealias ThreadKill = @convention(c) (pid_t, pid_t, Int32) -> Int32
        private typealias ThreadID = @convention(c) () -> pid_t
        // glibc's tgkill and gettid, which Swift's Glibc module does not show.
        private static let threadKill = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "tgkill").map {
            unsafeBitCast($0, to: ThreadKill.self)
        }
        private static let threadID = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "gettid").map {
            unsafeBitCast($0, to: ThreadID.self)
        }

        static func registers(of thread: pid_t) -> (pc: UInt, sp: UInt)? {
            // ThreadSanitizer delivers a signal only when the thread calls into it: maybe never.
            guard let threadKill, let threadID, thread != threadID(),
                ProcessInfo.processInfo.environment["RXDEMO_SANITIZER"] == nil
            else { return nil }
            let slots = Self.slots
            slots[2] = 0
            var action = sigaction()
            action.__sigaction_handler.sa_sigaction = { _, _, context in
                guard let context else { return }
                let registers = context.assumingMemoryBound(to: ucontext_t.self).pointee.uc_mcontext.gregs
                RunningThread.slots[0] = UInt(bitPattern: Int(registers.16))  // REG_RIP
                RunningThread.slots[1] = UInt(bitPattern: Int(registers.15))  // REG_RSP
                RunningThread.slots[2] = 1
            }
            action.sa_flags = SA_SIGINFO
            var previous = sigaction()
            guard sigaction(SIGSYS, &action, &previous) == 0 else { return nil }
            guard threadKill(getpid(), thread, SIGSYS) == 0 else {
                sigaction(SIGSYS, &previous, nil)
                return nil
            }
            // A tenth of a second at most: a thread that blocks SIGSYS never answers. Its
            // signal stays pending, so the handler stays too: the process traps soon after.
            for _ in 0..<100 where slots[2] == 0 { usleep(1000) }
            guard slots[2] != 0 else { return nil }
            sigaction(SIGSYS, &previous, nil)
            return (slots[0], slots[1])
        }
    }
#elseif os(Linux)
    enum RunningThread {
        static func registers(of thread: pid_t) -> (pc: UInt, sp: UInt)? { nil }
    }
#endif

// A tool of the Swift toolchain, fed `input`; nil when it cannot be run.
private func runTool(_ name: String, _ arguments: [String], input: String) -> String? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [name] + arguments
    let (stdin, stdout) = (Pipe(), Pipe())
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return nil }
    // Written on another thread: a large input would fill the pipe while the tool's output waits.
    let data = Data(input.utf8)
    let writer = Thread {
        stdin.fileHandleForWriting.write(data)
        try? stdin.fileHandleForWriting.close()
    }
    writer.start()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return process.terminationStatus == 0 ? String(decoding: output, as: UTF8.self) : nil
}

// Whether the bytes before an address (`before(1)` the last) end in a call, so that the address
// is a return address: x86-64's call rel32 (E8) or call through a register or memory (FF /2),
// arm64's BL or BLR.
func endsInACall(_ before: (Int) -> UInt8) -> Bool {
    #if arch(x86_64)
        func indirect(_ back: Int) -> Bool { before(back) == 0xFF && (before(back - 1) & 0x38) == 0x10 }
        return before(5) == 0xE8 || indirect(2) || indirect(3) || indirect(6) || indirect(7)
    #else
        let instruction =
            UInt32(before(4)) | UInt32(before(3)) << 8 | UInt32(before(2)) << 16 | UInt32(before(1)) << 24
        return instruction & 0xFC00_0000 == 0x9400_0000 || instruction & 0xFFFF_FC1F == 0xD63F_0000
    #endif
}
