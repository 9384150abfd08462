import Foundation

#if os(Linux)
    import Glibc
#endif

// MARK: - A stack overflow, named

// An endless recursion (a proxy that forwards to itself, a sink and its disposer disposing each
// other) overflows the thread's stack, and on Linux the runtime's backtracer then prints nothing.
// `StackOverflow.watch()`, called on the thread that runs step code, gives that thread an
// alternate signal stack and a handler for the fault: it writes the return addresses found on
// the overflowed stack, deepest first, in `ThreadStacks`' format (prepared beforehand, so that
// the handler only reads memory and writes), then lets the fault kill the process as before.
// `StackOverflow.report` reads them back: the recursion's lines, the most frequent first.
public enum StackOverflow {
    static let marker = "RxDemo stack overflow"  // both languages

    #if os(Linux) && (arch(x86_64) || arch(arm64))
        // What the handler uses, made before it can run: it may not allocate. Every child
        // process calls `watch()`, so it does only what is cheap; the handler reads the code
        // mappings itself, with system calls, when it runs.
        nonisolated(unsafe) private static var stack: (low: UInt, high: UInt) = (0, 0)
        nonisolated(unsafe) private static var previous = sigaction()
        private static let capacity = 256 << 10
        nonisolated(unsafe) private static let output = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        nonisolated(unsafe) private static let maps = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        nonisolated(unsafe) private static let code = UnsafeMutablePointer<(start: UInt, end: UInt)>.allocate(
            capacity: 1024)
        nonisolated(unsafe) private static let counts = UnsafeMutablePointer<Int>.allocate(capacity: 3)
        nonisolated(unsafe) private static let alternate = UnsafeMutableRawPointer.allocate(
            byteCount: 256 << 10, alignment: 16)
    #endif

    public static func watch() {
        #if os(Linux) && (arch(x86_64) || arch(arm64))
            var attributes = pthread_attr_t()
            guard stackOverflowGetattr(pthread_self(), &attributes) == 0 else { return }
            var base: UnsafeMutableRawPointer? = nil
            var size = 0
            pthread_attr_getstack(&attributes, &base, &size)
            pthread_attr_destroy(&attributes)
            guard let base else { return }
            stack = (UInt(bitPattern: base), UInt(bitPattern: base) + UInt(size))
            // Lazy globals are made here, not in the handler.
            _ = (output, maps, code, counts, capacity, marker, ThreadStacks.stackMarker, ThreadStacks.moduleMarker)
            var alternateStack = stack_t(ss_sp: alternate, ss_flags: 0, ss_size: 256 << 10)
            sigaltstack(&alternateStack, nil)
            _ = handlerInstalled
        #endif
    }

    #if os(Linux) && (arch(x86_64) || arch(arm64))
        // Once per process: installed again, `previous` would be this handler itself, and a
        // fault would print the stack again and again (a test process makes a watchdog per program).
        private static let handlerInstalled: Void = {
            var action = sigaction()
            action.sa_flags = SA_ONSTACK | SA_SIGINFO
            action.__sigaction_handler.sa_sigaction = { _, info, _ in
                StackOverflow.fault(at: info.map { UInt(bitPattern: $0.pointee._sifields._sigfault.si_addr) } ?? 0)
            }
            sigaction(SIGSEGV, &action, &previous)
        }()
    #endif

    #if os(Linux) && (arch(x86_64) || arch(arm64))
        // On the alternate stack. A fault at the watched stack's end (its guard page): every
        // return address on the overflowed stack's deepest 512 KB, as one "RxDemo thread stack:"
        // line, then the code mappings. Any fault: the handler that was there before (the
        // runtime's backtracer) takes it over when the faulting instruction runs again.
        private static func fault(at address: UInt) {
            sigaction(SIGSEGV, &previous, nil)
            guard address + (64 << 10) >= stack.low && address < stack.low + (64 << 10) else { return }
            counts[0] = 0
            readCodeMappings()
            _ = write(STDERR_FILENO, output, counts[0])
            counts[0] = 0
            for byte in marker.utf8 { append(byte) }
            append(10)
            for byte in ThreadStacks.stackMarker.utf8 { append(byte) }
            append(32)
            append(48)
            var at = stack.low
            var found = 0
            while at + 8 <= min(stack.high, stack.low + (512 << 10)) && found < 4000 {
                let word = UnsafePointer<UInt>(bitPattern: at)!.pointee
                if isReturnAddress(word) {
                    append(32)
                    appendHex(word)
                    found += 1
                }
                at += 8
            }
            append(10)
            _ = write(STDERR_FILENO, output, counts[0])
        }

        // /proc/self/maps, read with system calls: each executable mapping of a file becomes a
        // range of `code` and a line "RxDemo code mapping: start-end offset path" of the output.
        private static func readCodeMappings() {
            counts[1] = 0
            counts[2] = 0
            let file = open("/proc/self/maps", O_RDONLY)
            guard file >= 0 else { return }
            while counts[1] < capacity - 4096 {
                let got = read(file, maps + counts[1], capacity - counts[1])
                if got <= 0 { break }
                counts[1] += got
            }
            close(file)
            var lineStart = 0
            for index in 0..<counts[1] where maps[index] == 10 {
                mapping(from: lineStart, to: index)
                lineStart = index + 1
            }
        }

        // One line of /proc/self/maps: "start-end perms offset dev inode path".
        private static func mapping(from start: Int, to end: Int) {
            var fields: (Int, Int, Int, Int, Int, Int) = (start, 0, 0, 0, 0, 0)  // starts of fields 1…6
            var field = 0
            var index = start
            while index < end && field < 5 {
                if maps[index] == 32 {
                    while index < end && maps[index] == 32 { index += 1 }
                    field += 1
                    switch field {
                    case 1: fields.1 = index
                    case 2: fields.2 = index
                    case 3: fields.3 = index
                    case 4: fields.4 = index
                    default: fields.5 = index
                    }
                } else {
                    index += 1
                }
            }
            // Executable (the third letter of the permissions) and a file's path.
            guard field == 5, fields.1 + 2 < end, maps[fields.1 + 2] == 120, fields.5 < end, maps[fields.5] == 47,
                counts[2] < 1024
            else { return }
            var low: UInt = 0
            var high: UInt = 0
            var inHigh = false
            for index in start..<(fields.1 - 1) {
                let byte = maps[index]
                if byte == 45 {
                    inHigh = true
                    continue
                }
                let digit = UInt(byte >= 97 ? byte - 87 : byte - 48)
                if inHigh { high = high << 4 | digit } else { low = low << 4 | digit }
            }
            code[counts[2]] = (low, high)
            counts[2] += 1
            for byte in ThreadStacks.moduleMarker.utf8 { append(byte) }
            append(32)
            for index in start..<(fields.1 - 1) { append(maps[index]) }  // start-end
            append(32)
            for index in fields.2..<(fields.3 - 1) { append(maps[index]) }  // offset
            append(32)
            for index in fields.5..<end { append(maps[index]) }  // path
            append(10)
        }

        private static func append(_ byte: UInt8) {
            guard counts[0] < capacity else { return }
            output[counts[0]] = byte
            counts[0] += 1
        }

        private static func appendHex(_ value: UInt) {
            append(48)  // "0x"
            append(120)
            var shift = 60
            while shift > 0 && (value >> UInt(shift)) & 0xF == 0 { shift -= 4 }
            while shift >= 0 {
                let nibble = UInt8((value >> UInt(shift)) & 0xF)
                append(nibble < 10 ? 48 + nibble : 87 + nibble)
                shift -= 4
            }
        }

        private static func isReturnAddress(_ word: UInt) -> Bool {
            var inCode = false
            for index in 0..<counts[2] where code[index].start + 8 <= word && word < code[index].end { inCode = true }
            guard inCode else { return false }
            let bytes = UnsafePointer<UInt8>(bitPattern: word)!
            return endsInACall { bytes[-$0] }
        }
    #endif

    // "an endless recursion through Controls+Rx.swift:56 (412 times), …": the step's lines that
    // repeat most on the overflowed stack; nil when the run did not overflow.
    public static func report(_ message: String) -> String? {
        let lines = message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.contains(marker) else { return nil }
        var counts: [String: Int] = [:]
        var order: [String] = []
        for frame in ThreadStacks.symbolized(lines) where !frame.hasPrefix("Thread ") {
            guard let place = stepFile(in: frame) else { continue }
            let named = place + (functionName(frame).map { tr(" in ", " 中的 ") + $0 } ?? "")
            if counts[named] == nil { order.append(named) }
            counts[named, default: 0] += 1
        }
        let repeated = order.filter { (counts[$0] ?? 0) > 1 }.sorted { counts[$0]! > counts[$1]! }.prefix(4)
        guard !repeated.isEmpty else {
            return tr(
                "it overflowed its stack (an endless recursion), in no line of the step's files",
                "它耗尽了调用栈（无休止的递归），但不在步骤自己的任何一行里")
        }
        return tr(
            "it overflowed its stack: an endless recursion through ", "它耗尽了调用栈：一个无休止的递归，经过 ")
            + repeated.map { $0 + tr(" (\(counts[$0]!) times)", "（\(counts[$0]!) 次）") }.joined(separator: tr(", ", "，"))
    }
}

#if os(Linux)
    // glibc's, not in Swift's Glibc module (it is a GNU extension).
    @_silgen_name("pthread_getattr_np")
    private func stackOverflowGetattr(_ thread: pthread_t, _ attributes: UnsafeMutablePointer<pthread_attr_t>) -> Int32
#endif
