import Glibc

/// What `stat` says of a file that changes whenever its bytes may have: which file it is, its
/// size, and when it and its status last changed, to the nanosecond (a file rewritten within
/// the same second, to the same size, is still another version).
struct FileVersion: Equatable {
  let device: UInt64
  let inode: UInt64
  let size: Int
  let modified: timespec
  let changed: timespec

  init(_ info: stat) {
    device = UInt64(info.st_dev)
    inode = UInt64(info.st_ino)
    size = Int(info.st_size)
    modified = info.st_mtim
    changed = info.st_ctim
  }

  static func == (left: FileVersion, right: FileVersion) -> Bool {
    left.device == right.device && left.inode == right.inode && left.size == right.size
      && left.modified.tv_sec == right.modified.tv_sec
      && left.modified.tv_nsec == right.modified.tv_nsec
      && left.changed.tv_sec == right.changed.tv_sec
      && left.changed.tv_nsec == right.changed.tv_nsec
  }
}
