// Which objects of a subscription outlive it, and who holds them. Found from the outside:
// weak references to the ends of the chain, plus every object reached from them by
// walking stored properties with `Mirror`. Closures are opaque to `Mirror`, so what only a
// closure holds shows as held by nothing the walk can see.
final class Lifetimes {
    private struct Watched {
        let name: String
        weak var object: AnyObject?
    }

    private var watched: [Watched] = []
    private var seen: Set<ObjectIdentifier> = []

    // One of the ends of the chain, known by its role.
    func watch(_ object: AnyObject, as name: String, by label: String? = nil) {
        let name = label.map { "\($0): \(name)" } ?? name
        if seen.insert(ObjectIdentifier(object)).inserted {
            watched.append(Watched(name: name, object: object))
        } else if let index = watched.firstIndex(where: { $0.object === object }) {
            // Named by its role rather than by the path the walk found it on.
            watched[index] = Watched(name: name, object: object)
        }
    }

    // Every object reachable from `root` through stored properties, named by its path.
    func explore(from root: AnyObject, named name: String, by label: String? = nil) {
        var queue: [(object: AnyObject, path: String)] = [(root, label.map { "\($0): \(name)" } ?? name)]
        while !queue.isEmpty, watched.count < 1_000 {
            let (object, path) = queue.removeFirst()
            for (property, child) in Self.references(of: object) where !Self.isHarness(child) {
                let childPath = "\(path) → \(property)"
                if seen.insert(ObjectIdentifier(child)).inserted {
                    watched.append(Watched(name: childPath, object: child))
                    queue.append((child, childPath))
                }
            }
        }
    }

    // "MapObserver, reached as disposable → _sink, held by SinkDisposer._sink" for every
    // object still alive.
    var stillAlive: [String] {
        let alive = watched.compactMap { entry in entry.object.map { (entry.name, $0) } }
        return alive.map { name, object in
            let holders = alive.flatMap { _, holder in
                Self.references(of: holder).filter { $0.object === object }
                    .map { "\(Self.typeName(holder)).\($0.property)" }
            }
            let held =
                holders.isEmpty
                ? "held by nothing the walk can see (a closure?)" : "held by " + holders.joined(separator: ", ")
            return "\(Self.typeName(object)) (\(name)), \(held)"
        }
    }

    // The class instances an object holds directly: through optionals, arrays, tuples,
    // structs and existentials, but not through other class instances.
    static func references(of object: AnyObject) -> [(property: String, object: AnyObject)] {
        var found: [(String, AnyObject)] = []
        func visit(_ value: Any, _ path: String, depth: Int) {
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle == .class {
                found.append((path, value as AnyObject))
                return
            }
            guard depth < 8 else { return }
            for (index, child) in mirror.children.enumerated() {
                let name: String
                switch mirror.displayStyle {
                case .optional: name = path
                case .collection, .set: name = "\(path)[\(index)]"
                default: name = path.isEmpty ? child.label ?? "\(index)" : "\(path).\(child.label ?? "\(index)")"
                }
                visit(child.value, name, depth: depth + 1)
            }
        }
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            for child in current.children {
                visit(child.value, child.label ?? "?", depth: 0)
            }
            mirror = current.superclassMirror
        }
        return found
    }

    // The harness's own objects are not part of the chain under test.
    private static func isHarness(_ object: AnyObject) -> Bool {
        String(reflecting: type(of: object)).hasPrefix("TraceSuite.")
    }

    // "MapObserver" for MapObserver<Int, Int, Observer<Int>>: the generic arguments are noise here.
    static func typeName(_ object: AnyObject) -> String { baseTypeName(type(of: object)) }
}
