import Foundation
import MVVMWebViewModels

/// An image in the media folder, with its size so pages reserve its space before it loads.
public struct MediaRef: Sendable, Equatable {
  public var file: String
  public var width: Int
  public var height: Int
  public var alt: String
}

public struct Photo: Sendable, Equatable {
  public var image: MediaRef
  public var caption: String
}

public struct Comment: Sendable, Equatable {
  public var author: String
  public var text: String
}

/// Likes and comments on an item: who and what.
public struct Interactions: Sendable, Equatable {
  public var likes: [String]
  public var comments: [Comment]

  public var isEmpty: Bool { likes.isEmpty && comments.isEmpty }
}

/// What an item holds: one block of one kind.
public enum ContentBlock: Sendable, Equatable {
  case photoAlbum([Photo])
  case video(poster: MediaRef, durationSeconds: Int, link: String)
  case textWithLinks(String)
  case event(title: String, start: Date, end: Date, place: String)
  case location(name: String, latitude: Double, longitude: Double)
  case link(title: String, url: String, siteName: String, image: MediaRef?)
}

/// Something a person posted: where (source), when, what, and how people reacted.
public struct UserContent: Sendable, Equatable, Identifiable {
  public var id: String
  public var source: String
  public var createdAt: Date
  public var block: ContentBlock
  public var interactions: Interactions
}

/// One earlier year's items on the issue's day.
public struct Album: Sendable, Equatable {
  public var year: Int
  public var items: [UserContent]
}

/// What was posted on this day in earlier years: albums newest first.
public struct Issue: Sendable, Equatable {
  public var key: IssueKey
  public var albums: [Album]

  /// Groups items by year, newest year first, newest item first, leaving out the key's own year
  /// and later ones.
  public init(key: IssueKey, items: [UserContent]) {
    self.key = key
    // The year in UTC, as items are filed. An instant outside the years 1 to 9999 has no year
    // here: `Int.max` is after every key's year, so it stays out of every issue.
    let byYear = Dictionary(grouping: items) {
      CalendarDate(secondsSince1970: $0.createdAt.timeIntervalSince1970)?.year ?? .max
    }
    albums = byYear.filter { $0.key < key.year }.sorted { $0.key > $1.key }.map { year, items in
      Album(year: year, items: items.sorted { $0.createdAt > $1.createdAt })
    }
  }
}
