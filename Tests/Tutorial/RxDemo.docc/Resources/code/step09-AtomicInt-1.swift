import CoreFoundation  // without it, Swift on Linux cannot subclass NSLock
import Foundation
